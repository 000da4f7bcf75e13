/** Trade tab: contracts and spot trading arrive in a later issue; this page says so. */
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../ui/ComingSoon';
import { TradeIcon } from '../../../ui/icons';

export default function TradePage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-trade">
      <header className="tab-header">
        <h1>{t('trade.title')}</h1>
      </header>
      <ComingSoon
        title={t('trade.soonTitle')}
        description={t('trade.soonDesc')}
        icon={<TradeIcon />}
      />
    </div>
  );
}
