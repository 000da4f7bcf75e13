/** Top markets with live prices (quotation_new + 'ticker' socket), or an honest empty state. */
import { formatPrice } from '@bourse/money';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { Change } from '../../../ui/Change';
import { bundledCoinImage, CoinIcon } from '../../../ui/CoinIcon';
import { QuotesIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { useTopMarkets } from '../api/markets';

export default function TopMarkets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, markets } = useTopMarkets(6);
  if (query.isPending) return <Skeleton.Paragraph lineCount={4} animated className="list-skeleton" />;
  if (query.isError && markets.length === 0) {
    return <QueryError compact title={t('market.loadFailed')} error={query.error} onRetry={() => void query.refetch()} testId="markets-error" />;
  }
  if (markets.length === 0) {
    return (
      <StateView
        icon={<QuotesIcon />}
        title={t('home.marketsEmpty')}
        description={t('home.marketsEmptyDesc')}
        testId="markets-empty"
      />
    );
  }
  return (
    <div className="market-table" data-testid="top-markets">
      <div className="market-row market-head">
        <span>{t('home.pair')}</span>
        <span className="num">{t('home.lastPrice')}</span>
        <span className="num">{t('home.change24h')}</span>
      </div>
      {markets.map((m) => (
        <button
          key={m.symbol}
          type="button"
          className="market-row"
          onClick={() => void navigate(PATHS.quotes)}
          data-testid={`market-${m.base}-${m.quote}`}
        >
          <span className="market-pair">
            <CoinIcon name={m.base} image={bundledCoinImage(m.base)} size={0.56} />
            <span>
              <b>{m.base}</b>
              <span className="market-quote">/{m.quote}</span>
            </span>
          </span>
          <span className="num market-last" data-testid="market-last" data-live={m.live ? '1' : '0'}>
            {formatPrice(m.last, m.price_precision ?? 2)}
          </span>
          <span className="num">
            <Change value={m.change} className="change-pill" />
          </span>
        </button>
      ))}
    </div>
  );
}
