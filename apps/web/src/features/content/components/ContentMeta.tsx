/** Time, demo label and a note when the item is shown in English because the reader's language has no version. */
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@bourse/contract';
import { DemoBadge } from '../../../ui/DemoBadge';
import { RelativeTime } from '../../../ui/RelativeTime';

export function ContentMeta({ item }: { item: ContentItem }) {
  const { i18n } = useTranslation();
  return (
    <div className="content-meta">
      <RelativeTime value={item.time} />
      {item.is_demo && <DemoBadge />}
      {item.lang !== i18n.language && <FallbackNote />}
    </div>
  );
}

export function FallbackNote() {
  const { t } = useTranslation();
  return (
    <span className="content-fallback" data-testid="content-fallback">
      {t('content.fallback')}
    </span>
  );
}
