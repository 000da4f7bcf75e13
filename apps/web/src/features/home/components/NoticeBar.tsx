/**
 * The scrolling announcement bar (one pass takes 20 s). Titles of the newest
 * announcements scroll right to left; tapping opens the announcement list. Honours
 * prefers-reduced-motion (the text then stays still and is cut with an ellipsis).
 */
import { CONTENT_CATEGORY, NOTICE_SCROLL_SECONDS } from '@bourse/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MegaphoneIcon } from '../../../ui/icons';
import { useNewsHead } from '../../content/api/content';
import { CONTENT_PATHS } from '../../content/paths';

export function NoticeBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useNewsHead(CONTENT_CATEGORY.announcement, 5);
  const items = q.data?.list ?? [];
  return (
    <button
      type="button"
      className="notice-bar"
      onClick={() => void navigate(CONTENT_PATHS.announcement)}
      data-testid="notice-bar"
      aria-label={t('home.notices')}
    >
      <MegaphoneIcon className="notice-icon" />
      <span className="notice-window">
        {items.length > 0 ? (
          <span
            className="notice-text"
            style={{ animationDuration: `${NOTICE_SCROLL_SECONDS}s` }}
            data-testid="notice-text"
          >
            {items.map((i) => i.title).join('\u2003\u2022\u2003')}
          </span>
        ) : (
          <span className="notice-empty">{q.isPending ? '\u00a0' : t('home.noNotices')}</span>
        )}
      </span>
      <span className="notice-more">{t('home.more')}</span>
    </button>
  );
}
