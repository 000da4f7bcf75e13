import { useTranslation } from 'react-i18next';

/** A visible "Demo data" label, shown whenever site settings say demo_mode. */
export function DemoBadge() {
  const { t } = useTranslation();
  return (
    <span className="demo-badge" data-testid="demo-badge">
      {t('common.demoData')}
    </span>
  );
}
