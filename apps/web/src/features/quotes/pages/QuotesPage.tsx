/**
 * Quotes tab. Live prices arrive with the market issue; until then this page says so and shows
 * what is real today: the listed currencies and the fiat exchange rates.
 */
import { List, NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRelativeTime } from '../../../ui/RelativeTime';
import { fiatSymbol, formatRate, useFiat } from '../../platform/api/fiat';
import { CurrencyList } from '../../platform/components/CurrencyList';
import { FiatPicker } from '../../platform/components/FiatPicker';

export default function QuotesPage() {
  const { t } = useTranslation();
  const { code, rates } = useFiat();
  const relative = useRelativeTime();
  const savedAt = rates.reduce((max, r) => Math.max(max, r.saveTime), 0);
  return (
    <div className="page quotes-page" data-testid="page-quotes">
      <header className="tab-header">
        <h1>{t('quotes.title')}</h1>
        <FiatPicker />
      </header>
      <NoticeBar className="notice" content={t('quotes.pricesSoon')} color="info" wrap />
      <section className="section">
        <CurrencyList />
      </section>
      <section className="section">
        <div className="section-head">
          <h2 className="section-title">{t('quotes.fiatRates')}</h2>
          {savedAt > 0 && (
            <span className="section-note">{t('fiat.updated', { time: relative(savedAt) })}</span>
          )}
        </div>
        <List className="rate-list" data-testid="fiat-rates">
          {rates.map((r) => (
            <List.Item
              key={r.currency_code}
              prefix={<span className="fiat-symbol">{fiatSymbol(r.currency_code).trim()}</span>}
              extra={<span className="num">{formatRate(r.rate)}</span>}
              className={r.currency_code === code ? 'rate-selected' : undefined}
            >
              {r.currency_code}
            </List.Item>
          ))}
        </List>
      </section>
    </div>
  );
}
