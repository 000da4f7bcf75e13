/** Savings tab: savings products arrive in a later issue; this page says so. */
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../ui/ComingSoon';
import { SavingsIcon } from '../../../ui/icons';

export default function SavingsPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-savings">
      <header className="tab-header">
        <h1>{t('savings.title')}</h1>
      </header>
      <ComingSoon
        title={t('savings.soonTitle')}
        description={t('savings.soonDesc')}
        icon={<SavingsIcon />}
      />
    </div>
  );
}
