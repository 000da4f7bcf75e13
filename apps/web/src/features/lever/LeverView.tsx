/**
 * Leverage view of the Trade tab (?view=lever): pick a crypto or FX-style market, see its live
 * price (labelled when simulated) and hours, the lever-account balance with a way to move funds
 * in, open a long or short position through a confirmation sheet fed by the server's preview,
 * and follow the open positions live. The policy sits folded under "Rules".
 */
import { Dec, formatPrice } from '@bourse/money';
import { Skeleton } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TYPES, type LeverDeal, type LeverMarket } from '@bourse/contract';
import { useToken } from '../../api/session';
import { PATHS } from '../../app/paths';
import { formatAmount } from '../../lib/format';
import { ChevronDownIcon, InboxIcon } from '../../ui/icons';
import { QueryError } from '../../ui/QueryError';
import { StateView } from '../../ui/StateView';
import { useLiveTicker, useTickerFeed } from '../market/api/market';
import { FOLLOW_PATHS } from '../follow/paths';
import { useLeverDeal } from './api/lever';
import { MarketPicker } from './components/MarketPicker';
import { OrderForm } from './components/OrderForm';
import { PositionsPanel } from './components/PositionsPanel';
import { RulesBlock } from './components/RulesBlock';
import { formatInstant, freshPushedPrice, pickMarket } from './lib';
import './lever.css';
import './positions.css';

function Balance({ balance, market }: { balance: NonNullable<LeverDeal['balance']>; market: LeverMarket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const d = market.margin_currency.decimals;
  return (
    <section className="lever-card lever-balance" data-testid="lever-balance">
      <div>
        <div className="lever-k">{t('lever.account')}</div>
        <div className="lever-balance-value">
          <b className="num" data-testid="lever-available">
            {formatAmount(balance.available, d)}
          </b>{' '}
          <span className="lever-unit-text">{balance.currency}</span>
        </div>
        {balance.frozen !== '0' && (
          <div className="lever-k num">
            {t('lever.inPositions')} {formatAmount(balance.frozen, d)}
          </div>
        )}
      </div>
      <button
        type="button"
        className="lever-transfer"
        onClick={() => void navigate(`${PATHS.transfer}?to=${ACCOUNT_TYPES.lever}`)}
        data-testid="lever-transfer"
      >
        {t('lever.transferIn')}
      </button>
    </section>
  );
}

export function LeverSkeleton() {
  return (
    <div className="lever-view" data-testid="lever-loading">
      <div className="lever-card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
      <div className="lever-card">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    </div>
  );
}

export default function LeverView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = Boolean(useToken());
  const deal = useLeverDeal();
  const [params, setParams] = useSearchParams();
  const [picking, setPicking] = useState(false);
  useTickerFeed(Boolean(deal.data));
  const markets = deal.data?.markets ?? [];
  const market = pickMarket(markets, params.get('symbol'));
  const live = useLiveTicker(market?.symbol ?? '');
  const refetchDeal = deal.refetch;
  const onChanged = useCallback(() => void refetchDeal(), [refetchDeal]);

  if (deal.isPending) return <LeverSkeleton />;
  if (deal.isError && !deal.data)
    return <QueryError error={deal.error} onRetry={() => void deal.refetch()} />;
  if (!market) {
    return (
      <StateView
        icon={<InboxIcon />}
        title={t('lever.noMarkets')}
        description={t('lever.noMarketsDesc')}
        fullPage
        testId="lever-no-markets"
      />
    );
  }

  const skew = new Date(deal.data.server_time).getTime() - deal.dataUpdatedAt;
  const price = (market.market_open ? freshPushedPrice(live, Date.now(), skew) : null) ?? market.price;
  const choose = (m: LeverMarket) => {
    const next = new URLSearchParams(params);
    next.set('symbol', m.symbol.replace('/', '_'));
    setParams(next, { replace: true });
    setPicking(false);
  };

  return (
    <div className="lever-view" data-testid="lever-view">
      <section className="lever-card lever-market">
        <div className="lever-market-top">
          <button
            type="button"
            className="lever-market-switch"
            onClick={() => setPicking(true)}
            data-testid="lever-market-switch"
          >
            <b>{market.symbol}</b>
            <ChevronDownIcon />
          </button>
          <span className="lever-group-tag">{t(`lever.groups.${market.group}`)}</span>
        </div>
        <div className="lever-price-row">
          <span className="lever-price num" data-testid="lever-price">
            {formatPrice(price, market.price_precision)}
          </span>
          {market.is_demo && (
            <span className="demo-badge" data-testid="lever-simulated">
              {t('lever.simulated')}
            </span>
          )}
        </div>
        <div className="lever-meta">
          <span>{t('lever.feeRate', { rate: `${new Dec(market.fee_rate).mul(100).toFixed()}%` })}</span>
          <span>{t('lever.upTo', { n: Math.max(...market.leverages) })}</span>
          <span>{t('lever.isolated')}</span>
        </div>
      </section>
      {!market.market_open && (
        <div className="lever-banner" data-testid="lever-market-closed">
          {t('lever.closedOpensAt', { time: formatInstant(market.opens_at).slice(0, 16) })}
        </div>
      )}
      {signedIn && deal.data.balance && <Balance balance={deal.data.balance} market={market} />}
      <OrderForm
        key={market.instrument_id}
        market={market}
        balance={deal.data.balance}
        signedIn={signedIn}
        price={price}
      />
      <PositionsPanel signedIn={signedIn} markets={markets} skew={skew} onChanged={onChanged} />
      <RulesBlock policy={deal.data.policy} />
      <button
        type="button"
        className="lever-card lever-copy-link"
        onClick={() => void navigate(FOLLOW_PATHS.list)}
        data-testid="lever-copy-trading"
      >
        <span>{t('follow.title')}</span>
        <span aria-hidden="true">›</span>
      </button>
      <MarketPicker
        visible={picking}
        markets={markets}
        current={market.instrument_id}
        onPick={choose}
        onClose={() => setPicking(false)}
      />
    </div>
  );
}
