/**
 * The popup notice (GET /news/index_pop): shown once per notice. Seen ids are kept in
 * localStorage (`seen_notices`, newest 50) so a notice never shows twice, and a newly published
 * one shows the next time Home opens. A notice counts as seen when the reader closes it or opens
 * it, not when it appears: a Home that is mounted again (hydration thrown away, a language
 * loading) shows it again rather than losing a notice nobody read.
 */
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { parseJson, readStorage, writeStorage } from '../../../lib/storage';
import { usePopupNotice } from '../../content/api/content';
import { articlePath } from '../../content/paths';

export const SEEN_NOTICES_KEY = 'seen_notices';

function seenIds(): number[] {
  const raw = parseJson<unknown>(readStorage(SEEN_NOTICES_KEY));
  return Array.isArray(raw) ? raw.filter((v): v is number => typeof v === 'number') : [];
}

function markSeen(id: number): void {
  const ids = [id, ...seenIds().filter((v) => v !== id)].slice(0, 50);
  writeStorage(SEEN_NOTICES_KEY, JSON.stringify(ids));
}

export function PopupNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = usePopupNotice();
  const notice = q.data ?? null;
  // The notice closed here: it stays closed even where storage cannot be written.
  const [closedId, setClosedId] = useState<number | null>(null);
  const shown = notice !== null && notice.id !== closedId && !seenIds().includes(notice.id) ? notice : null;
  const dismiss = useCallback((id: number) => {
    markSeen(id);
    setClosedId(id);
  }, []);

  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dismiss(shown.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, dismiss]);

  if (!shown) return null;
  const close = () => dismiss(shown.id);
  // Portalled to <body>: the page's enter animation leaves a transform on an ancestor, which
  // would make `position: fixed` relative to the (tall) page and put the card below the fold.
  return createPortal(
    <div className="popup-mask" role="presentation" onClick={close}>
      <div
        className="popup-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="popup-title"
        data-testid="popup-notice"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="popup-title" id="popup-title">
          {shown.title}
        </div>
        <div className="popup-summary">{shown.summary}</div>
        <div className="popup-actions">
          <button type="button" className="popup-button" onClick={close} data-testid="popup-close">
            {t('home.popupClose')}
          </button>
          <button
            type="button"
            className="popup-button popup-primary"
            onClick={() => {
              close();
              void navigate(articlePath(shown.id));
            }}
            data-testid="popup-view"
          >
            {t('home.popupView')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
