/**
 * Contract view of the Trade tab: pick a market, watch the live chart, tap Up or Down, confirm
 * on the order sheet, follow the countdown, see the result. Demo products and simulated prices
 * are labelled; a suspended market disables the buttons.
 */
import type { ContractOrder, ContractProduct } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useToken } from '../../api/session';
import { PATHS } from '../../app/paths';
import { Change } from '../../ui/Change';
import { InboxIcon } from '../../ui/icons';
import { QueryError } from '../../ui/QueryError';
import { StateView } from '../../ui/StateView';
import { useLiveTicker, useMarketDetail, useTickerFeed, withLive } from '../market/api/market';
import { SimulatedBadge } from '../market/components/SimulatedBadge';
import { clockSkew, usePayable, useProducts, useSettledOrders } from './api/contracts';
import { ActiveOrder } from './components/ActiveOrder';
import { OrderSheet } from './components/OrderSheet';
import { ResultPopup } from './components/ResultPopup';
import { currencyLabel, ratePercent } from './lib';
import '../market/market.css';
import './contract.css';

const CandleChart = lazy(() => import('../market/components/CandleChart'));

function Balance({ product }: { product: ContractProduct }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const payable = usePayable(product.match_id);
  if (!token) return null;
  const first = payable.data?.[0];
  return (
    <div className="contract-balance" data-testid="contract-balance">
      <span>
        {t('contract.account')}: <b className="num">{first?.balance ?? '--'}</b> {first ? currencyLabel(first) : ''}
      </span>
      <button type="button" className="link-button" onClick={() => void navigate(PATHS.transfer)} data-testid="contract-transfer">
        {t('contract.transferIn')}
      </button>
    </div>
  );
}

export default function ContractView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const products = useProducts();
  const list = products.data ?? [];
  const wanted = (params.get('symbol') ?? '').toUpperCase().replace(/[_-]/g, '/');
  const product = list.find((p) => p.symbol === wanted) ?? list[0];
  const detail = useMarketDetail(product?.symbol ?? '');
  const live = useLiveTicker(product?.symbol ?? '');
  useTickerFeed(Boolean(product));
  const [sheet, setSheet] = useState<1 | 2 | null>(null);
  const [active, setActive] = useState<Array<{ order: ContractOrder; skew: number }>>([]);
  const [result, setResult] = useState<ContractOrder | null>(null);

  const activeIds = useRef(new Set<string>());
  useEffect(() => {
    activeIds.current = new Set(active.map((a) => a.order.id));
  }, [active]);

  const settled = useCallback(
    (orders: ContractOrder[]) => {
      const done = orders.filter((o) => o.settled && activeIds.current.has(o.id));
      if (done.length > 0) {
        for (const d of done) activeIds.current.delete(d.id);
        setActive((cur) => cur.filter((a) => !done.some((d) => d.id === a.order.id)));
        setResult(done[done.length - 1]!);
      }
      void qc.invalidateQueries({ queryKey: ['contract'] });
    },
    [qc],
  );
  useSettledOrders(settled);
  const onSettledOne = useCallback((o: ContractOrder) => settled([o]), [settled]);

  if (products.isPending) return <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />;
  if (products.isError) return <QueryError onRetry={() => void products.refetch()} />;
  if (!product) {
    return <StateView icon={<InboxIcon />} title={t('contract.noProducts')} description={t('contract.noProductsDesc')} fullPage testId="contract-empty" />;
  }

  const m = detail.data ? withLive(detail.data, live) : null;
  const last = m ? formatPrice(m.last, product.price_precision) : '--';
  const choose = (symbol: string) => {
    const next = new URLSearchParams(params);
    next.set('symbol', symbol);
    setParams(next, { replace: true });
  };
  const open = (direction: 1 | 2) => {
    if (!token) {
      Toast.show({ content: t('common.pleaseLogIn') });
      setTimeout(() => void navigate(PATHS.login), 1200);
      return;
    }
    setSheet(direction);
  };

  return (
    <div className="contract-view" data-testid="contract-view">
      <div className="contract-markets" role="tablist">
        {list.map((p) => (
          <button
            key={p.match_id}
            type="button"
            role="tab"
            aria-selected={p.match_id === product.match_id}
            className={`contract-market${p.match_id === product.match_id ? ' contract-market-active' : ''}`}
            onClick={() => choose(p.symbol)}
            data-testid={`contract-market-${p.base}`}
          >
            {p.symbol}
          </button>
        ))}
      </div>
      <section className="contract-price">
        <div>
          <div className="contract-symbol">{product.symbol}</div>
          <div className="num contract-last" data-testid="contract-last">
            {last}
          </div>
        </div>
        <div className="contract-price-side">
          {m && <Change value={m.change} />}
          {product.is_demo && <span className="demo-badge">{t('contract.demoProduct')}</span>}
        </div>
      </section>
      {product.source === 'simulated' && <SimulatedBadge />}
      <section className="contract-chart">
        <Suspense fallback={<div className="candle-chart" data-state="loading" />}>
          <CandleChart symbol={product.symbol} period="1min" precision={product.price_precision} />
        </Suspense>
      </section>
      <Balance product={product} />
      <div className="contract-rates">
        {product.seconds.map((s) => (
          <span key={s.seconds}>
            {t('contract.seconds', { n: s.seconds })} · <b>{t('contract.payout', { rate: ratePercent(s.payout_rate) })}</b>
          </span>
        ))}
      </div>
      {active.length > 0 && (
        <div className="contract-actives">
          {active.map((a) => (
            <ActiveOrder key={a.order.id} order={a.order} skew={a.skew} onSettled={onSettledOne} />
          ))}
        </div>
      )}
      {token && (
        <button type="button" className="contract-orders-link" onClick={() => void navigate(PATHS.contractOrder)} data-testid="my-orders">
          {t('contract.myOrders')} ›
        </button>
      )}
      {!product.tradable && (
        <div className="contract-suspended" data-testid="contract-suspended">
          {t('contract.suspended')}
        </div>
      )}
      <div className="contract-actions">
        <Button block color="success" disabled={!product.tradable} onClick={() => open(1)} data-testid="contract-up">
          {t('contract.up')}
        </Button>
        <Button block color="danger" disabled={!product.tradable} onClick={() => open(2)} data-testid="contract-down">
          {t('contract.down')}
        </Button>
      </div>
      {sheet !== null && (
        <OrderSheet
          product={product}
          direction={sheet}
          lastPrice={last}
          onClose={() => setSheet(null)}
          onPlaced={(order) => {
            setSheet(null);
            setActive((cur) => [{ order, skew: clockSkew(order.server_time, Date.now()) }, ...cur]);
          }}
        />
      )}
      {result && <ResultPopup order={result} onClose={() => setResult(null)} />}
    </div>
  );
}
