/**
 * My orders: tabs pending, holding, historical; 5 per page with "no more data".
 * Live while open: each Holding card counts down to expiry (server clock) and shows the P&L the
 * order would come to at the live ticker price; the settlement event on the user's socket channel
 * turns the card into its result at once (a card past expiry also polls its order, so a missed
 * event never leaves "Open" standing).
 */
import type { ContractOrder } from '@bourse/contract';
import { formatPercent } from '@bourse/money';
import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh, Skeleton, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { InboxIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { useLiveTicker, useTickerFeed } from '../../market/api/market';
import { applySettled, clockSkew, ORDER_TABS, useOrder, useOrders, useSettledOrders } from '../api/contracts';
import { DirectionTag, Profit, StatusTag } from '../components/OrderFigures';
import { formatTime, liveResult, ratePercent, secondsLeft } from '../lib';
import '../contract.css';

/** The device clock moved onto the server's (skew = server − local), ticking every second. */
function useServerNow(skew: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    if (!running) return;
    setNow(Date.now() + skew);
    const id = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(id);
  }, [skew, running]);
  return now;
}

/** Countdown and live P&L of an open order; past expiry it polls the order until it settles. */
function useLiveOrder(order: ContractOrder, skew: number) {
  const qc = useQueryClient();
  const open = !order.settled;
  const now = useServerNow(skew, open);
  const left = secondsLeft(order.expires_at, now);
  const poll = useOrder(open && left === 0 ? order.id : null, true);
  useEffect(() => {
    if (poll.data?.settled) applySettled(qc, [poll.data]);
  }, [poll.data, qc]);
  const live = useLiveTicker(order.symbol);
  return { open, left, result: open ? liveResult(order, live?.last) : null };
}

function LiveProfit({ result }: { result: ReturnType<typeof liveResult> }) {
  if (!result) return <span className="num">--</span>;
  const sign = result.outcome === 'won' ? 'up' : result.outcome === 'lost' ? 'down' : 'flat';
  return (
    <span className={`num change-${sign}`} data-testid="order-live-pnl">
      {sign === 'up' ? '+' : ''}
      {result.profit}
    </span>
  );
}

function OrderCard({ order, skew }: { order: ContractOrder; skew: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rate = formatPercent(order.profit_rate);
  const { open, left, result } = useLiveOrder(order, skew);
  return (
    <button
      type="button"
      className="contract-card"
      onClick={() => void navigate(`${PATHS.contractOrderDetail}?id=${order.id}`)}
      data-testid={`order-${order.id}`}
    >
      <div className="contract-card-head">
        <DirectionTag order={order} />
        <span className="contract-card-symbol">{order.symbol}</span>
        <span className="contract-card-seconds">{t('contract.seconds', { n: order.seconds })}</span>
        {open && (
          <span className="contract-card-countdown num" data-testid="order-countdown">
            {left > 0 ? t('contract.countdown', { n: left }) : t('contract.settling')}
          </span>
        )}
        <StatusTag order={order} />
      </div>
      <dl className="contract-card-grid">
        <div>
          <dt>{t('contract.stake')}</dt>
          <dd className="num">
            {order.number} {order.currency}
          </dd>
        </div>
        <div>
          <dt>{open ? t('contract.livePnl') : t('contract.profit')}</dt>
          <dd>{open ? <LiveProfit result={result} /> : <Profit order={order} />}</dd>
        </div>
        <div>
          <dt>{t('contract.profitRate')}</dt>
          <dd className="num">{rate}</dd>
        </div>
        <div>
          <dt>{t('contract.openPrice')}</dt>
          <dd className="num">{order.open_price}</dd>
        </div>
        <div>
          <dt>{t('contract.closePrice')}</dt>
          <dd className="num">{order.close_price ?? '--'}</dd>
        </div>
        <div>
          <dt>{t('contract.payoutRate')}</dt>
          <dd className="num">{ratePercent(order.payout_rate)}</dd>
        </div>
        <div className="contract-card-wide">
          <dt>{t('contract.openTime')}</dt>
          <dd className="num">{formatTime(order.created_at)}</dd>
        </div>
        <div className="contract-card-wide">
          <dt>{order.settled ? t('contract.closeTime') : t('contract.expiresAt')}</dt>
          <dd className="num">{formatTime(order.settled ? (order.close_tick_at ?? order.settled_at) : order.expires_at)}</dd>
        </div>
      </dl>
    </button>
  );
}

function OrderList({ status }: { status: number }) {
  const { t } = useTranslation();
  const q = useOrders(status);
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const anyOpen = items.some((o) => !o.settled);
  // Live prices for the open orders' P&L.
  useTickerFeed(anyOpen);
  if (q.isPending) return <Skeleton.Paragraph lineCount={6} animated className="list-skeleton" />;
  if (q.isError && !q.data) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const skew = clockSkew(q.data.pages[0]?.server_time, q.dataUpdatedAt);
  return (
    <PullToRefresh
      onRefresh={async () => void (await q.refetch())}
      pullingText={t('pull.pulling')}
      canReleaseText={t('pull.canRelease')}
      refreshingText={t('pull.refreshing')}
      completeText={t('pull.complete')}
    >
      {items.length === 0 ? (
        <StateView icon={<InboxIcon />} title={t('contract.empty')} description={t('contract.emptyDesc')} testId="orders-empty" />
      ) : (
        <div className="contract-list" data-testid="order-list">
          {items.map((o) => (
            <OrderCard key={o.id} order={o} skew={skew} />
          ))}
          <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={q.hasNextPage}>
            {(hasMore: boolean, failed: boolean, retry: () => void) =>
              failed ? (
                <button type="button" className="link-button" onClick={retry}>
                  {t('common.retry')}
                </button>
              ) : hasMore ? (
                <span>{t('common.loading')}</span>
              ) : (
                <span data-testid="no-more">{t('contract.noMore')}</span>
              )
            }
          </InfiniteScroll>
        </div>
      )}
    </PullToRefresh>
  );
}

export default function ContractOrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = ORDER_TABS.find((x) => x.key === params.get('tab'))?.key ?? 'holding';
  const current = ORDER_TABS.find((x) => x.key === tab)!;
  const qc = useQueryClient();
  useSettledOrders(useCallback((orders: ContractOrder[]) => applySettled(qc, orders), [qc]));
  return (
    <div className="page contract-orders-page" data-testid="page-contract-orders">
      <PageHeader title={t('contract.myOrders')} fallback={PATHS.trade} />
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {ORDER_TABS.map((x) => (
          <Tabs.Tab key={x.key} title={<span data-testid={`tab-${x.key}`}>{t(`contract.tabs.${x.key}`)}</span>} />
        ))}
      </Tabs>
      <OrderList key={current.key} status={current.status} />
    </div>
  );
}
