/** Spot view of the Trade tab: market switcher, order book, order form, open orders, history and trades. */
import { Dec, formatPrice } from '@bourse/money';
import { ActionSheet, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToken } from '../../api/session';
import { QueryError } from '../../ui/QueryError';
import { StateView } from '../../ui/StateView';
import { InboxIcon } from '../../ui/icons';
import { useDepth, useSpotBalance, useSpotMarkets, useSpotOrderUpdates, useThrottledRefresh, useTrades } from './api';
import { OrderBook } from './components/OrderBook';
import { OrderForm } from './components/OrderForm';
import { OrdersPanel } from './components/OrdersPanel';
import './spot.css';

export default function SpotView() {
  const { t } = useTranslation();
  const token = useToken();
  const loggedIn = Boolean(token);
  const [params, setParams] = useSearchParams();
  const markets = useSpotMarkets();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const list = markets.data ?? [];
  const wanted = (params.get('symbol') ?? '').toUpperCase().replace(/[_-]/g, '/');
  const market = list.find((m) => m.symbol === wanted) ?? list[0];
  // ?side=sell from a market page's Sell button; Buy otherwise.
  const side = params.get('side') === 'sell' ? 'sell' : 'buy';
  const symbol = market?.symbol ?? '';
  const depth = useDepth(symbol);
  const refreshMine = useThrottledRefresh();
  const trades = useTrades(symbol, loggedIn ? refreshMine : undefined);
  const balance = useSpotBalance(symbol, loggedIn);
  // Private order updates: a resting order filled by someone else is announced and the lists follow.
  useSpotOrderUpdates(loggedIn, (o) => Toast.show({ icon: 'success', content: t('spot.filledNotice', { symbol: o.symbol }) }));

  if (markets.isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  if (markets.isError && !markets.data) return <QueryError error={markets.error} onRetry={() => void markets.refetch()} />;
  if (!market) return <StateView icon={<InboxIcon />} title={t('spot.noMarkets')} fullPage testId="spot-no-markets" />;

  const last = trades.data?.[0]?.price ?? market.last ?? market.index;
  const choose = (s: string) => {
    const next = new URLSearchParams(params);
    next.set('symbol', s);
    setParams(next, { replace: true });
    setPicked(null);
    setPicking(false);
  };
  const change =
    last && market.index ? new Dec(last).sub(market.index).div(market.index).mul(100).toDecimalPlaces(2).toFixed(2) : null;

  return (
    <div className="spot-view" data-testid="spot-view">
      <div className="spot-header">
        <button type="button" className="market-switch" onClick={() => setPicking(true)} data-testid="market-switch">
          <strong>{market.symbol}</strong>
          <span className="caret">▾</span>
        </button>
        <span className="spot-last" data-testid="spot-last">
          {last ? formatPrice(last, market.price_precision) : '--'}
        </span>
        {change !== null && <span className="spot-vs-index">{t('spot.vsIndex', { pct: change })}</span>}
      </div>
      <div className="spot-fees">
        <span>{t('spot.fees', { maker: new Dec(market.maker_fee).mul(100).toFixed(), taker: new Dec(market.taker_fee).mul(100).toFixed() })}</span>
        {market.demo_bot && <span className="demo-note">{t('spot.demoBot')}</span>}
      </div>
      <div className="spot-main">
        <OrderForm
          market={market}
          balance={balance.data}
          loggedIn={loggedIn}
          pickedPrice={picked}
          bestBid={depth.data?.bids[0]?.[0] ?? null}
          bestAsk={depth.data?.asks[0]?.[0] ?? null}
          initialSide={side}
        />
        <OrderBook market={market} depth={depth.data} last={last} loading={depth.isPending} onPick={setPicked} />
      </div>
      <OrdersPanel market={market} markets={list} loggedIn={loggedIn} trades={trades.data} tradesLoading={trades.isPending} />
      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        cancelText={t('common.cancel')}
        extra={t('spot.switchMarket')}
        actions={list.map((m) => ({ key: m.symbol, text: m.symbol, onClick: () => choose(m.symbol) }))}
      />
    </div>
  );
}
