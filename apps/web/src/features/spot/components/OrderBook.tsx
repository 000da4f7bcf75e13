/** Order book: asks above (best nearest the middle), the last price, bids below; bars show cumulative depth. */
import type { SpotDepth, SpotMarketInfo } from '@bourse/contract';
import { Dec, formatPrice } from '@bourse/money';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';

const ROWS = 7;

function cumulative(levels: Array<[string, string]>): Dec[] {
  const out: Dec[] = [];
  let sum = new Dec(0);
  for (const [, amount] of levels) {
    sum = sum.add(new Dec(amount));
    out.push(sum);
  }
  return out;
}

export function OrderBook({
  market,
  depth,
  last,
  loading,
  onPick,
}: {
  market: SpotMarketInfo;
  depth: SpotDepth | undefined;
  last: string | null;
  loading: boolean;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation();
  if (loading && !depth) return <Skeleton.Paragraph lineCount={8} animated />;
  const asks = (depth?.asks ?? []).slice(0, ROWS);
  const bids = (depth?.bids ?? []).slice(0, ROWS);
  const askCum = cumulative(asks);
  const bidCum = cumulative(bids);
  const max = Dec.max(askCum.at(-1) ?? new Dec(0), bidCum.at(-1) ?? new Dec(0), new Dec('1e-18'));
  const row = (side: 'ask' | 'bid', [price, amount]: [string, string], cum: Dec) => (
    <button type="button" key={`${side}${price}`} className={`book-row book-${side}`} onClick={() => onPick(price)} data-testid={`book-${side}`}>
      <span className="book-bar" style={{ width: `${cum.div(max).mul(100).toDecimalPlaces(1).toString()}%` }} />
      <span className="book-price">{formatPrice(price, market.price_precision)}</span>
      <span className="book-amount">{formatAmount(amount, market.amount_precision, 0)}</span>
    </button>
  );
  return (
    <div className="spot-book" data-testid="order-book">
      <div className="book-head">
        <span>{t('spot.bookPrice', { quote: market.quote })}</span>
        <span>{t('spot.bookAmount', { base: market.base })}</span>
      </div>
      <div className="book-side book-asks">
        {asks.length === 0 && <div className="book-empty">{t('spot.emptySide')}</div>}
        {asks.map((l, i) => ({ l, cum: askCum[i]! })).reverse().map(({ l, cum }) => row('ask', l, cum))}
      </div>
      <div className="book-mid" data-testid="book-last">
        <strong>{last ? formatPrice(last, market.price_precision) : '--'}</strong>
        {market.index && (
          <span className="book-index">
            {t('spot.index')} {formatPrice(market.index, market.price_precision)}
          </span>
        )}
      </div>
      <div className="book-side book-bids">
        {bids.length === 0 && <div className="book-empty">{t('spot.emptySide')}</div>}
        {bids.map((l, i) => row('bid', l, bidCum[i]!))}
      </div>
    </div>
  );
}
