/** Open orders (with cancel), order history (fills, average price, fees) and the market's recent trades. */
import type { SpotMarketInfo, SpotOrder, SpotTrade } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { Button, Dialog, InfiniteScroll, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { formatAmount } from '../../../lib/format';
import { formatDateTime } from '../../../lib/time';
import { InboxIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { useCancelOrder, useOrderFills, useOrders } from '../api';

type Tab = 'open' | 'history' | 'trades';

function reasonText(reason: string | null, t: TFunction): string {
  if (reason === 'ioc') return ` · ${t('spot.reasonIoc')}`;
  if (reason === 'self_trade') return ` · ${t('spot.reasonSelfTrade')}`;
  if (reason === 'no_liquidity') return ` · ${t('spot.reasonNoLiquidity')}`;
  if (reason === 'operator') return ` · ${t('spot.reasonOperator')}`;
  return '';
}

/** The fills of one order: price, amount, maker/taker and fee, loaded when opened. */
function Fills({ o, pp }: { o: SpotOrder; pp: number }) {
  const { t } = useTranslation();
  const q = useOrderFills(o.id, true);
  if (q.isPending) return <Skeleton.Paragraph lineCount={2} animated />;
  if (q.isError) return <QueryError compact onRetry={() => void q.refetch()} />;
  if (q.data.fills.length === 0) return <div className="fills-empty">{t('spot.noFills')}</div>;
  return (
    <div className="fills" data-testid="fills">
      {q.data.fills.map((f) => (
        <div className="fill-row" key={f.id}>
          <span>{formatDateTime(Date.parse(f.at))}</span>
          <span>{f.role === 'maker' ? t('spot.roleMaker') : t('spot.roleTaker')}</span>
          <span>
            {formatAmount(f.amount, 8, 0)} @ {formatPrice(f.price, pp)}
          </span>
          <span>
            {t('spot.fee')} {formatAmount(f.fee, 8, 0)} {f.fee_currency}
          </span>
        </div>
      ))}
    </div>
  );
}

function OrderRow({ o, market, onCancel }: { o: SpotOrder; market: SpotMarketInfo | undefined; onCancel?: (o: SpotOrder) => void }) {
  const { t } = useTranslation();
  const pp = market?.price_precision ?? 2;
  const [showFills, setShowFills] = useState(false);
  const hasFills = o.filled !== '0';
  const tifTag = o.order_type === 'limit' && o.time_in_force === 'post_only' ? t('spot.postOnly') : o.order_type === 'limit' && o.time_in_force === 'ioc' ? 'IOC' : null;
  return (
    <div className="order-row" data-testid={`order-${o.status}`}>
      <div className="order-top">
        <span className={o.side === 'buy' ? 'txt-up' : 'txt-down'}>
          {o.side === 'buy' ? t('spot.buy') : t('spot.sell')} · {o.order_type === 'limit' ? t('spot.limit') : t('spot.marketOrder')}
          {tifTag && <span className="order-tif"> · {tifTag}</span>}
        </span>
        <span className="order-symbol">{o.symbol}</span>
        <span className="order-time">{formatDateTime(Date.parse(o.created_at))}</span>
        {onCancel ? (
          <Button size="mini" fill="outline" onClick={() => onCancel(o)} data-testid="cancel-order">
            {t('spot.cancel')}
          </Button>
        ) : (
          <span className={`order-status status-${o.status}`}>
            {o.status === 'open' ? t('spot.statusOpen') : o.status === 'filled' ? t('spot.statusFilled') : t('spot.statusCancelled')}
          </span>
        )}
      </div>
      <div className="order-grid">
        <span>{t('spot.price')}</span>
        <span>{t('spot.filledOf')}</span>
        <span>{t('spot.avgPrice')}</span>
        <strong>{o.price ? formatPrice(o.price, pp) : t('spot.marketOrder')}</strong>
        <strong>
          {formatAmount(o.filled, 8, 0)} / {formatAmount(o.amount, 8, 0)}
        </strong>
        <strong>{o.avg_price ? formatPrice(o.avg_price, pp) : '--'}</strong>
      </div>
      {(o.status !== 'open' || hasFills) && (
        <div className="order-fee">
          <span>
            {hasFills && (
              <>
                {t('spot.total')}: {formatAmount(o.quote_filled, 8, 0)} {market?.quote ?? ''} ·{' '}
              </>
            )}
            {t('spot.fee')}: {formatAmount(o.fee, 8, 0)} {o.fee_currency}
            {reasonText(o.cancel_reason, t)}
          </span>
          {hasFills && (
            <button type="button" className="link-button fills-toggle" onClick={() => setShowFills((v) => !v)} data-testid="toggle-fills">
              {t('spot.fills')} {showFills ? '▴' : '▾'}
            </button>
          )}
        </div>
      )}
      {showFills && <Fills o={o} pp={pp} />}
    </div>
  );
}

function Orders({ status, markets, loggedIn }: { status: 'pending' | 'history'; markets: SpotMarketInfo[]; loggedIn: boolean }) {
  const { t } = useTranslation();
  const q = useOrders(status, null, loggedIn);
  const cancel = useCancelOrder();
  const onCancel = async (o: SpotOrder) => {
    const ok = await Dialog.confirm({ content: t('spot.cancelConfirm'), confirmText: t('spot.cancelOrder'), cancelText: t('spot.keepOrder') });
    if (!ok) return;
    try {
      await cancel.mutateAsync(o.id);
      Toast.show({ icon: 'success', content: t('spot.cancelled') });
    } catch {
      // Message shown by the client.
    }
  };
  if (q.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (q.isError) return <QueryError compact onRetry={() => void q.refetch()} />;
  const list = q.data.pages.flatMap((p) => p.list);
  if (list.length === 0)
    return <StateView icon={<InboxIcon />} title={status === 'pending' ? t('spot.noOpen') : t('spot.noHistory')} testId={`empty-${status}`} />;
  return (
    <div className="order-list" data-testid={`list-${status}`}>
      {list.map((o) => (
        <OrderRow key={o.id} o={o} market={markets.find((m) => m.symbol === o.symbol)} onCancel={status === 'pending' ? (x) => void onCancel(x) : undefined} />
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
            <span data-testid="no-more">{t('spot.noMore')}</span>
          )
        }
      </InfiniteScroll>
    </div>
  );
}

function Trades({ trades, market, loading }: { trades: SpotTrade[] | undefined; market: SpotMarketInfo; loading: boolean }) {
  const { t } = useTranslation();
  if (loading && !trades) return <Skeleton.Paragraph lineCount={4} animated />;
  if (!trades?.length) return <StateView icon={<InboxIcon />} title={t('spot.noTrades')} testId="empty-trades" />;
  return (
    <div className="trade-list" data-testid="trade-list">
      <div className="trade-row trade-head">
        <span>{t('spot.time')}</span>
        <span>{t('spot.bookPrice', { quote: market.quote })}</span>
        <span>{t('spot.bookAmount', { base: market.base })}</span>
      </div>
      {trades.map((x) => (
        <div className="trade-row" key={x.id}>
          <span>{new Date(x.at).toLocaleTimeString([], { hour12: false })}</span>
          <span className={x.side === 'buy' ? 'txt-up' : 'txt-down'}>{formatPrice(x.price, market.price_precision)}</span>
          <span>{formatAmount(x.amount, market.amount_precision, 0)}</span>
        </div>
      ))}
    </div>
  );
}

export function OrdersPanel({
  market,
  markets,
  loggedIn,
  trades,
  tradesLoading,
}: {
  market: SpotMarketInfo;
  markets: SpotMarketInfo[];
  loggedIn: boolean;
  trades: SpotTrade[] | undefined;
  tradesLoading: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('open');
  return (
    <div className="spot-panel">
      <div className="panel-tabs">
        {(['open', 'history', 'trades'] as const).map((k) => (
          <button type="button" key={k} className={tab === k ? 'active' : ''} onClick={() => setTab(k)} data-testid={`tab-${k}`}>
            {k === 'open' ? t('spot.openOrders') : k === 'history' ? t('spot.history') : t('spot.trades')}
          </button>
        ))}
      </div>
      {tab === 'trades' ? (
        <Trades trades={trades} market={market} loading={tradesLoading} />
      ) : !loggedIn ? (
        <StateView icon={<InboxIcon />} title={t('spot.loginToSee')}>
          <Button size="small" color="primary" onClick={() => void navigate(PATHS.login)}>
            {t('common.logIn')}
          </Button>
        </StateView>
      ) : (
        <Orders status={tab === 'open' ? 'pending' : 'history'} markets={markets} loggedIn={loggedIn} />
      )}
    </div>
  );
}
