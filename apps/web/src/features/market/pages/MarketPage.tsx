/**
 * Market detail: live last price (also in the chosen fiat), 24 h change, high, low, volume and
 * turnover, a candle chart with period switch (lazy-loaded), the favourite star, and buttons into
 * trading: Buy and Sell open the spot order form for this market with that side chosen; the timed
 * up/down contract screen has its own, separate entry when the market offers it. Prices from the
 * simulated feed are labelled demo.
 */
import { compactNumber, formatPrice } from '@bourse/money';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isTransportError } from '../../../api/client';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { Change } from '../../../ui/Change';
import { bundledCoinImage, CoinIcon } from '../../../ui/CoinIcon';
import { CloudOffIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { FiatPicker } from '../../platform/components/FiatPicker';
import { useProducts } from '../../contract/api/contracts';
import { useFiatConverter } from '../api/fiatPrice';
import { PERIODS, useFavouriteToggle, useLiveTicker, useMarketDetail, useTickerFeed, withLive, type Period } from '../api/market';
import { SimulatedBadge } from '../components/SimulatedBadge';
import { StarButton } from '../components/StarButton';
import '../market.css';

const CandleChart = lazy(() => import('../components/CandleChart'));

export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').toUpperCase().replace(/[_-]/g, '/');
  const query = useMarketDetail(symbol);
  const live = useLiveTicker(symbol);
  const toggle = useFavouriteToggle();
  const toFiat = useFiatConverter();
  const [period, setPeriod] = useState<Period>('15min');
  const [star, setStar] = useState<boolean | null>(null);
  const contracts = useProducts();
  useTickerFeed(query.isSuccess);

  const header = (title: string) => <PageHeader title={title} fallback={PATHS.quotes} right={<FiatPicker />} />;

  if (query.isPending && symbol) {
    return (
      <div className="page market-page">
        {header(symbol)}
        <Skeleton.Paragraph lineCount={6} animated className="list-skeleton" />
      </div>
    );
  }
  // No network, 429, 5xx: say so with a retry ("does not exist" is only the server's answer).
  if (!query.data && isTransportError(query.error)) {
    return (
      <div className="page market-page">
        {header(symbol)}
        <QueryError compact title={t('market.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="page market-page">
        {header(symbol || t('quotes.title'))}
        <StateView icon={<CloudOffIcon />} title={t('market.notFound')} testId="market-not-found">
          <Button size="small" onClick={() => void navigate(PATHS.quotes)}>
            {t('quotes.title')}
          </Button>
        </StateView>
      </div>
    );
  }
  const m = withLive(query.data, live);
  const fav = star ?? m.favourite;
  const symbolParam = encodeURIComponent(m.symbol);
  const trade = (side: 'buy' | 'sell') => void navigate(`${PATHS.trade}?view=spot&symbol=${symbolParam}&side=${side}`);
  const hasContract = (contracts.data ?? []).some((p) => p.symbol === m.symbol);
  const onStar = () => {
    if (!token) {
      Toast.show({ content: t('common.pleaseLogIn') });
      setTimeout(() => void navigate(PATHS.login), 1200);
      return;
    }
    setStar(!fav);
    toggle.mutate(
      { symbol: m.symbol, on: !fav },
      {
        onSuccess: () => Toast.show({ content: !fav ? t('market.starred') : t('market.unstarred') }),
        onError: () => setStar(fav),
      },
    );
  };
  const stats: Array<[string, string, string]> = [
    [t('market.high24h'), formatPrice(m.high, m.price_precision), 'stat-high'],
    [t('market.low24h'), formatPrice(m.low, m.price_precision), 'stat-low'],
    [`${t('market.vol24h')} (${m.base})`, compactNumber(m.volume), 'stat-volume'],
    [`${t('market.turnover24h')} (${m.quote})`, compactNumber(m.quote_volume), 'stat-turnover'],
  ];

  return (
    <div className="page market-page" data-testid="page-market">
      <PageHeader
        title={
          <span className="market-title">
            <CoinIcon name={m.base} image={bundledCoinImage(m.base)} size={0.44} />
            {m.symbol}
          </span>
        }
        fallback={PATHS.quotes}
        right={<StarButton on={fav} onToggle={onStar} />}
      />
      {m.source === 'simulated' && <SimulatedBadge />}
      <section className="market-summary">
        <div className="market-price-block">
          <div className={`market-price num change-${m.change.startsWith('-') ? 'down' : m.change === '0.00' ? 'flat' : 'up'}`} data-testid="market-last">
            {formatPrice(m.last, m.price_precision)}
          </div>
          <div className="market-sub">
            <span className="market-fiat num" data-testid="market-fiat">
              {toFiat(m.last, m.quote) ?? '\u00a0'}
            </span>
            <Change value={m.change} />
          </div>
          <div className="market-fiat-pick">
            <FiatPicker />
          </div>
        </div>
        <dl className="market-stats">
          {stats.map(([label, value, id]) => (
            <div key={id} className="market-stat" data-testid={id}>
              <dt>{label}</dt>
              <dd className="num">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="market-chart-card">
        <div className="period-bar" role="tablist">
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={p === period}
              className={`period-btn${p === period ? ' period-active' : ''}`}
              data-testid={`period-${p}`}
              onClick={() => setPeriod(p)}
            >
              {t(`market.periods.${p}`)}
            </button>
          ))}
        </div>
        <Suspense fallback={<div className="candle-chart" data-testid="candle-chart" data-state="loading" />}>
          <CandleChart symbol={m.symbol} period={period} precision={m.price_precision} />
        </Suspense>
      </section>
      <div className="market-actions">
        <Button block color="success" onClick={() => trade('buy')} data-testid="market-buy">
          {t('market.buy')}
        </Button>
        <Button block color="danger" onClick={() => trade('sell')} data-testid="market-sell">
          {t('market.sell')}
        </Button>
        {hasContract && (
          <button
            type="button"
            className="link-button market-contract-link"
            onClick={() => void navigate(`${PATHS.trade}?view=contract&symbol=${symbolParam}`)}
            data-testid="market-contract"
          >
            {t('market.contractEntry')} ›
          </button>
        )}
      </div>
    </div>
  );
}
