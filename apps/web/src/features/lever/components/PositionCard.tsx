/**
 * One open position, live: UPnL, ROE and margin ratio are figured again on every pushed price of
 * its market (liveFigures of @bourse/money, the server's formula and rounding), and fall back to
 * the server's figures at its latest fresh price when no fresh push is at hand or the market is
 * closed. When the price reaches the liquidation, TP or SL price the owner is told to read the
 * list again (the server's sweeper closes the position).
 */
import type { LeverPosition } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { Button, Checkbox } from 'antd-mobile';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatAmount } from '../../../lib/format';
import { useLiveTicker } from '../../market/api/market';
import {
  fractionPercent,
  freshPushedPrice,
  livePositionFigures,
  ratioLevel,
  signClass,
  triggerReached,
  type LiveFigures,
} from '../lib';
import { leverDetailPath } from '../paths';
import { Pnl, SideTag } from './Figures';

interface Props {
  position: LeverPosition;
  /** Whether its market trades now (a closed FX market shows the server's last figures). */
  marketOpen: boolean;
  /** server − device clock (ms). */
  skew: number;
  selecting: boolean;
  selected: boolean;
  onSelect: (id: string, on: boolean) => void;
  onClose: (p: LeverPosition) => void;
  onStops: (p: LeverPosition) => void;
  onTrigger: () => void;
}

function serverFigures(p: LeverPosition): LiveFigures | null {
  return p.upnl !== null && p.roe !== null && p.maintenance_margin !== null
    ? { upnl: p.upnl, roe: p.roe, maintenance_margin: p.maintenance_margin, margin_ratio: p.margin_ratio }
    : null;
}

export function PositionCard({
  position: p,
  marketOpen,
  skew,
  selecting,
  selected,
  onSelect,
  onClose,
  onStops,
  onTrigger,
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const live = useLiveTicker(p.symbol);
  const pushed = marketOpen ? freshPushedPrice(live, Date.now(), skew) : null;
  const figures = useMemo(
    () => (pushed ? livePositionFigures(p, pushed) : null) ?? serverFigures(p),
    [p, pushed],
  );
  const mark = pushed ?? p.mark_price;
  const reached = triggerReached(p, pushed);
  useEffect(() => {
    if (reached) onTrigger();
  }, [reached, onTrigger]);
  const pp = p.price_precision;
  const level = figures ? ratioLevel(figures.margin_ratio) : 'none';

  return (
    <article
      className={`lever-card lever-position${selected ? ' lever-position-selected' : ''}`}
      data-testid={`lever-position-${p.id}`}
    >
      <header className="lever-position-head">
        {selecting && (
          <Checkbox
            checked={selected}
            onChange={(on) => onSelect(p.id, on)}
            data-testid={`lever-select-${p.id}`}
            aria-label={p.symbol}
          />
        )}
        <SideTag side={p.side} leverage={p.leverage} />
        <button
          type="button"
          className="lever-position-symbol"
          onClick={() => void navigate(leverDetailPath(p.id))}
        >
          {p.symbol} ›
        </button>
        {reached && <span className="lever-closing">{t('lever.triggering')}</span>}
      </header>
      <div className="lever-position-pnl">
        <div>
          <div className="lever-k">
            {t('lever.upnl')} ({p.currency})
          </div>
          <div className="lever-big">
            {figures ? (
              <Pnl value={figures.upnl} testId={`lever-upnl-${p.id}`} />
            ) : (
              <span className="num">--</span>
            )}
          </div>
        </div>
        <div className="lever-right">
          <div className="lever-k">{t('lever.roe')}</div>
          <div className="lever-big">
            <span className={`num change-${signClass(figures?.roe)}`} data-testid={`lever-roe-${p.id}`}>
              {fractionPercent(figures?.roe, true)}
            </span>
          </div>
        </div>
      </div>
      <dl className="lever-grid">
        <div>
          <dt>{t('lever.quantity')}</dt>
          <dd className="num">{p.qty}</dd>
        </div>
        <div>
          <dt>{t('lever.entryPrice')}</dt>
          <dd className="num">{formatPrice(p.entry_price, pp)}</dd>
        </div>
        <div>
          <dt>{t('lever.markPrice')}</dt>
          <dd className="num" data-testid={`lever-mark-${p.id}`}>
            {formatPrice(mark, pp)}
          </dd>
        </div>
        <div>
          <dt>{t('lever.margin')}</dt>
          <dd className="num">{formatAmount(p.margin, p.decimals)}</dd>
        </div>
        <div>
          <dt>{t('lever.liqPrice')}</dt>
          <dd className="num lever-liq" data-testid={`lever-liq-${p.id}`}>
            {p.liq_price ? formatPrice(p.liq_price, pp) : t('lever.none')}
          </dd>
        </div>
        <div>
          <dt>{t('lever.marginRatio')}</dt>
          <dd className={`num lever-ratio-${level}`} data-testid={`lever-ratio-${p.id}`}>
            {figures
              ? figures.margin_ratio === null
                ? '≥ 100%'
                : fractionPercent(figures.margin_ratio)
              : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('lever.tp')}</dt>
          <dd className="num">{p.target_profit_price ? formatPrice(p.target_profit_price, pp) : '--'}</dd>
        </div>
        <div>
          <dt>{t('lever.sl')}</dt>
          <dd className="num">{p.stop_loss_price ? formatPrice(p.stop_loss_price, pp) : '--'}</dd>
        </div>
        <div>
          <dt>{t('lever.mm')}</dt>
          <dd className="num">{figures ? formatAmount(figures.maintenance_margin, p.decimals) : '--'}</dd>
        </div>
      </dl>
      {!marketOpen && <div className="lever-closed-note">{t('lever.positionMarketClosed')}</div>}
      {!selecting && (
        <div className="lever-position-actions">
          <Button size="small" fill="outline" onClick={() => onStops(p)} data-testid={`lever-tpsl-${p.id}`}>
            {t('lever.setTpsl')}
          </Button>
          <Button
            size="small"
            color="primary"
            fill="outline"
            disabled={!marketOpen}
            onClick={() => onClose(p)}
            data-testid={`lever-close-${p.id}`}
          >
            {t('lever.close')}
          </Button>
        </div>
      )}
    </article>
  );
}
