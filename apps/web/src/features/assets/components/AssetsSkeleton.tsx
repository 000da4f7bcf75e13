/**
 * The Assets tab while its page chunk loads: the page's own frame (title, total card, actions,
 * account tabs, rows) in grey placeholders, at once, instead of a blank screen and a spinner.
 * In the entry chunk with the route table, so it has no import from the lazy page.
 */
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import '../skeleton.css';

export function AssetsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page assets-page" data-testid="assets-skeleton" aria-busy="true">
      <header className="tab-header">
        <h1>{t('assets.title')}</h1>
      </header>
      <div className="total-card">
        <div className="total-label">{t('assets.total')}</div>
        <span className="total-value-skeleton" />
      </div>
      <div className="asset-actions-skeleton">
        {[0, 1, 2, 3, 4].map((i) => (
          <span key={i} className="asset-action-skeleton" />
        ))}
      </div>
      <div className="account-list account-list-skeleton">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    </div>
  );
}
