/**
 * A just-placed order: countdown to expiry on the server's clock and the P&L it would come to at
 * the live price, then "settling" while the closing tick is awaited (the settlement event or a
 * 1 s poll brings the result).
 */
import type { ContractOrder } from '@bourse/contract';
import { ProgressBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveTicker } from '../../market/api/market';
import { useOrder } from '../api/contracts';
import { liveResult } from '../lib';
import { DirectionTag } from './OrderFigures';

interface Props {
  order: ContractOrder;
  /** server − local clock (ms). */
  skew: number;
  onSettled: (order: ContractOrder) => void;
}

export function ActiveOrder({ order, skew, onSettled }: Props) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now() + skew);
  const expires = new Date(order.expires_at).getTime();
  const opened = new Date(order.created_at).getTime();
  const left = Math.max(0, Math.ceil((expires - now) / 1000));
  const expired = now >= expires;
  const poll = useOrder(expired ? order.id : null, true);
  const live = liveResult(order, useLiveTicker(order.symbol)?.last);
  const sign = live?.outcome === 'won' ? 'up' : live?.outcome === 'lost' ? 'down' : 'flat';

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now() + skew), 250);
    return () => clearInterval(id);
  }, [skew]);
  useEffect(() => {
    if (poll.data?.settled) onSettled(poll.data);
  }, [poll.data, onSettled]);

  const percent = Math.min(100, Math.max(0, ((now - opened) / Math.max(1, expires - opened)) * 100));
  return (
    <div className="contract-active" data-testid="active-order" data-order-id={order.id}>
      <div className="contract-active-row">
        <DirectionTag order={order} />
        <span className="contract-active-symbol">{order.symbol}</span>
        <span className="num">
          {order.number} {order.currency}
        </span>
        {live && (
          <span className={`num contract-active-pnl change-${sign}`} data-testid="active-pnl">
            {sign === 'up' ? '+' : ''}
            {live.profit}
          </span>
        )}
      </div>
      <div className="contract-active-row contract-active-sub">
        <span>
          {t('contract.openPrice')} <b className="num">{order.open_price}</b>
        </span>
        <span className="contract-countdown num" data-testid="countdown">
          {expired ? t('contract.settling') : t('contract.countdown', { n: left })}
        </span>
      </div>
      <ProgressBar percent={percent} style={{ '--track-width': '0.06rem' }} />
    </div>
  );
}
