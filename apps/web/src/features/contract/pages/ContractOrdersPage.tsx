/** My orders (spec §2): tabs pending, holding, historical; 5 per page with "no more data". */
import { formatPercent } from '@bourse/money';
import { InfiniteScroll, PullToRefresh, Skeleton, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { InboxIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { ORDER_TABS, useOrders, type ContractOrder } from '../api/contracts';
import { DirectionTag, Profit, StatusTag } from '../components/OrderFigures';
import { formatTime, ratePercent } from '../lib';
import '../contract.css';

function OrderCard({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rate = formatPercent(order.profit_rate);
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
          <dt>{t('contract.profit')}</dt>
          <dd>
            <Profit order={order} />
          </dd>
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
  if (q.isPending) return <Skeleton.Paragraph lineCount={6} animated className="list-skeleton" />;
  if (q.isError) return <QueryError onRetry={() => void q.refetch()} />;
  const items = q.data.pages.flatMap((p) => p.list);
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
            <OrderCard key={o.id} order={o} />
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
