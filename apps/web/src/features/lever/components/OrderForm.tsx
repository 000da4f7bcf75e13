/**
 * The order form: long or short, a leverage from the market's list, a quantity (base) or a margin
 * (margin currency), optional take-profit and stop-loss prices. "Open" checks what can be checked
 * here (entered, a plain decimal, places, minimum) and opens the confirmation sheet, whose figures
 * come from the server's preview.
 */
import type { LeverDeal, LeverMarket } from '@bourse/contract';
import { Button, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginState } from '../../../app/AuthGate';
import { PATHS } from '../../../app/paths';
import { checkAmount } from '../../../lib/amountCheck';
import { formatAmount } from '../../../lib/format';
import type { LeverOpenBody } from '../api/lever';
import { ConfirmSheet } from './ConfirmSheet';

type Side = 'long' | 'short';
type SizeMode = 'qty' | 'margin';

interface Props {
  market: LeverMarket;
  balance: LeverDeal['balance'];
  signedIn: boolean;
  /** The current price (null while stale): nothing opens without one. */
  price: string | null;
}

function defaultLeverage(list: number[]): number {
  return list.includes(10) ? 10 : (list[0] ?? 1);
}

export function OrderForm({ market, balance, signedIn, price }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [side, setSide] = useState<Side>('long');
  const [leverage, setLeverage] = useState(() => defaultLeverage(market.leverages));
  const [mode, setMode] = useState<SizeMode>('qty');
  const [amount, setAmount] = useState('');
  const [stops, setStops] = useState(false);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [confirming, setConfirming] = useState<LeverOpenBody | null>(null);
  const currency = market.margin_currency.name;
  const blocked = !market.market_open
    ? t('lever.marketClosed')
    : !market.tradable
      ? t('lever.suspended')
      : price === null
        ? t('lever.noPrice')
        : null;

  const open = () => {
    if (!signedIn) {
      Toast.show({ content: t('common.pleaseLogIn') });
      void navigate(PATHS.login, {
        state: { from: location.pathname + location.search } satisfies LoginState,
      });
      return;
    }
    if (blocked) {
      Toast.show({ content: blocked });
      return;
    }
    const problem =
      mode === 'qty'
        ? checkAmount(amount, {
            decimals: market.amount_precision,
            unit: market.base,
            min: market.min_qty,
            max: market.max_position_qty,
          })
        : checkAmount(amount, {
            decimals: market.margin_currency.decimals,
            unit: currency,
            available: balance?.available ?? null,
          });
    if (problem) {
      Toast.show({ content: t(problem.key, problem.values) });
      return;
    }
    const size = mode === 'qty' ? { number: amount.trim() } : { margin: amount.trim() };
    const prices = stops
      ? { target_profit_price: tp.trim() || undefined, stop_loss_price: sl.trim() || undefined }
      : {};
    setConfirming({
      instrument_id: market.instrument_id,
      type: side === 'long' ? 1 : 2,
      multiple: leverage,
      ...size,
      ...prices,
    });
  };

  return (
    <section className="lever-card lever-form" data-testid="lever-form">
      <div className="lever-sides" role="radiogroup">
        {(['long', 'short'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={side === s}
            className={`lever-side lever-side-${s}${side === s ? ' lever-side-active' : ''}`}
            onClick={() => setSide(s)}
            data-testid={`lever-side-${s}`}
          >
            {s === 'long' ? t('lever.long') : t('lever.short')}
          </button>
        ))}
      </div>
      <div className="lever-label">{t('lever.leverage')}</div>
      <div className="lever-chips" role="radiogroup" data-testid="lever-leverage">
        {market.leverages.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={leverage === n}
            className={`lever-chip${leverage === n ? ' lever-chip-active' : ''}`}
            onClick={() => setLeverage(n)}
            data-testid={`lever-leverage-${n}`}
          >
            {n}×
          </button>
        ))}
      </div>
      <div className="lever-label lever-size-head">
        <div className="lever-toggle" role="radiogroup">
          {(['qty', 'margin'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              className={mode === m ? 'lever-toggle-active' : ''}
              onClick={() => {
                setMode(m);
                setAmount('');
              }}
              data-testid={`lever-mode-${m}`}
            >
              {m === 'qty' ? t('lever.byQty') : t('lever.byMargin')}
            </button>
          ))}
        </div>
      </div>
      <div className="lever-input">
        <Input
          inputMode="decimal"
          placeholder={
            mode === 'qty'
              ? t('lever.qtyPlaceholder', { unit: market.base })
              : t('lever.marginPlaceholder', { unit: currency })
          }
          value={amount}
          onChange={setAmount}
          clearable
          data-testid="lever-qty"
        />
        <span className="lever-unit">{mode === 'qty' ? market.base : currency}</span>
      </div>
      <div className="lever-hint">
        {mode === 'qty'
          ? t('lever.qtyHint', { min: market.min_qty, step: market.qty_step, unit: market.base })
          : t('lever.marginHint', { lev: leverage })}
      </div>
      <button
        type="button"
        className="lever-stops-toggle"
        aria-expanded={stops}
        onClick={() => setStops((v) => !v)}
        data-testid="lever-stops-toggle"
      >
        <span className={`lever-check${stops ? ' lever-check-on' : ''}`} aria-hidden="true" />
        <span>
          {t('lever.tpsl')} <span className="lever-optional">{t('lever.optional')}</span>
        </span>
      </button>
      {stops && (
        <div className="lever-stops">
          <div className="lever-input">
            <Input
              inputMode="decimal"
              placeholder={t('lever.tpPrice')}
              value={tp}
              onChange={setTp}
              clearable
              data-testid="lever-tp"
            />
            <span className="lever-unit">{market.quote}</span>
          </div>
          <div className="lever-input">
            <Input
              inputMode="decimal"
              placeholder={t('lever.slPrice')}
              value={sl}
              onChange={setSl}
              clearable
              data-testid="lever-sl"
            />
            <span className="lever-unit">{market.quote}</span>
          </div>
          <div className="lever-hint">
            {side === 'long' ? t('lever.stopsHintLong') : t('lever.stopsHintShort')}
          </div>
        </div>
      )}
      {signedIn && balance && mode === 'margin' && (
        <div className="lever-form-balance">
          <span>{t('lever.available')}</span>
          <b className="num">
            {formatAmount(balance.available, market.margin_currency.decimals)} {balance.currency}
          </b>
        </div>
      )}
      {blocked && signedIn && (
        <div className="lever-blocked" data-testid="lever-blocked">
          {blocked}
        </div>
      )}
      <Button
        block
        color={side === 'long' ? 'success' : 'danger'}
        disabled={signedIn && blocked !== null}
        onClick={open}
        data-testid="lever-open"
      >
        {!signedIn ? t('lever.logInToTrade') : side === 'long' ? t('lever.openLong') : t('lever.openShort')}
      </Button>
      {confirming && (
        <ConfirmSheet
          market={market}
          body={confirming}
          onClose={() => setConfirming(null)}
          onOpened={() => {
            setConfirming(null);
            setAmount('');
            setTp('');
            setSl('');
          }}
        />
      )}
    </section>
  );
}
