import { useTranslation } from 'react-i18next';

/** Prices from the simulated feed are demo data and say so. */
export function SimulatedBadge() {
  const { t } = useTranslation();
  return (
    <div className="simulated-note" data-testid="simulated-prices">
      <span className="demo-badge">{t('common.demoData')}</span>
      <span>{t('market.simulated')}</span>
    </div>
  );
}
