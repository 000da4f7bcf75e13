/**
 * The terms of service or the privacy policy (the content pages /pages/common/terms and
 * /pages/common/privacy) in a sheet over the registration form, so reading them keeps what was
 * typed. The links themselves point at those pages (a new tab, a copied link and search engines
 * get the real page).
 */
import { Button, Popup, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../ui/QueryError';
import { useNewsList } from '../../content/api/content';
import { RichText } from '../../content/components/RichText';
import { PAGE_CATEGORIES } from '../../content/paths';
import '../../content/content.css';

export type LegalPage = 'terms' | 'privacy';

function LegalBody({ which, onClose }: { which: LegalPage; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useNewsList(PAGE_CATEGORIES[which], { withBody: true, limit: 5 });
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div data-testid={`legal-sheet-${which}`}>
      <div className="sheet-title">{t(`content.titles.${which}`)}</div>
      <div className="sheet-body legal-sheet-body">
        {q.isPending ? (
          <Skeleton.Paragraph lineCount={8} animated />
        ) : q.isError ? (
          <QueryError compact onRetry={() => void q.refetch()} />
        ) : items.length === 0 ? (
          <p className="legal-sheet-empty">{t('content.empty')}</p>
        ) : (
          items.map((item) => <RichText key={item.id} html={item.body ?? ''} />)
        )}
      </div>
      <div className="legal-sheet-foot">
        <Button block color="primary" onClick={onClose} data-testid="legal-sheet-close">
          {t('common.close')}
        </Button>
      </div>
    </div>
  );
}

export function LegalSheet({ which, onClose }: { which: LegalPage | null; onClose: () => void }) {
  return (
    <Popup
      visible={which !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet legal-sheet"
      destroyOnClose
    >
      {which && <LegalBody which={which} onClose={onClose} />}
    </Popup>
  );
}
