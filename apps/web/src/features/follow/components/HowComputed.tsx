/** "How these are computed": each statistic in plain words (they come from fills and ledger entries only). */
import { useTranslation } from 'react-i18next';

const ITEMS = ['roi', 'pnl', 'mdd', 'winRate', 'aum', 'copiers'] as const;

export function HowComputed() {
  const { t } = useTranslation();
  return (
    <section className="follow-section follow-how" data-testid="follow-how">
      <h2 className="follow-h2">{t('follow.how.title')}</h2>
      <dl>
        {ITEMS.map((k) => (
          <div key={k}>
            <dt>{t(`follow.how.${k}Label`)}</dt>
            <dd>{t(`follow.how.${k}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
