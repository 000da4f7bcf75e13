/**
 * Order form: buy/sell, limit/market, price, amount with a percentage slider, value and fee
 * preview, confirmation. The confirmation opens only for an order that can pass: an amount and a
 * price, the market's minimum amount and order value, and what the order would freeze against
 * the available balance (the server checks it all again, exactly).
 */
import type { SpotBalance, SpotMarketInfo } from '@bourse/contract';
import { Dec, formatPrice } from '@bourse/money';
import { Button, Checkbox, Dialog, Input, Slider, Toast } from 'antd-mobile';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { formatAmount } from '../../../lib/format';
import { usePlaceOrder } from '../api';

function dec(value: string | null | undefined): Dec | null {
  if (!value || !/^\d*\.?\d*$/.test(value.trim()) || value.trim() === '.') return null;
  try {
    return new Dec(value.trim());
  } catch {
    return null;
  }
}

const CHECK = { '--icon-size': '14px', '--font-size': '12px', '--gap': '4px' } as CSSProperties;

const MARKS = { 0: '0%', 25: '25%', 50: '50%', 75: '75%', 100: '100%' };

/** Keeps what the user types a plain decimal with at most `places` decimals (the market's precision). */
function typed(value: string, places: number, previous: string): string {
  const v = value.replace(',', '.').replace(/[^\d.]/g, '');
  if (!/^\d*\.?\d*$/.test(v)) return previous;
  const [, frac = ''] = v.split('.');
  if (frac.length > places) return places === 0 ? v.split('.')[0]! : v.slice(0, v.indexOf('.') + places + 1);
  return v;
}

export function OrderForm({
  market,
  balance,
  loggedIn,
  pickedPrice,
  bestBid,
  bestAsk,
  initialSide = 'buy',
}: {
  market: SpotMarketInfo;
  balance: SpotBalance | undefined;
  loggedIn: boolean;
  pickedPrice: string | null;
  bestBid: string | null;
  bestAsk: string | null;
  /** The side chosen before the form opened (a market page's Buy or Sell). */
  initialSide?: 'buy' | 'sell';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const [side, setSide] = useState<'buy' | 'sell'>(initialSide);
  useEffect(() => setSide(initialSide), [initialSide]);
  const [type, setType] = useState<'limit' | 'market'>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [pct, setPct] = useState(0);
  const [tif, setTif] = useState<'gtc' | 'ioc' | 'post_only'>('gtc');

  // A new market starts empty; a tap on the book fills the price.
  useEffect(() => {
    setPrice('');
    setAmount('');
    setPct(0);
  }, [market.symbol]);
  useEffect(() => {
    if (pickedPrice) {
      setPrice(pickedPrice);
      setType('limit');
    }
  }, [pickedPrice]);

  const refPrice = type === 'limit' ? dec(price) : dec(side === 'buy' ? bestAsk : bestBid) ?? dec(market.last) ?? dec(market.index);
  const available = side === 'buy' ? balance?.quote.available : balance?.base.available;
  const availableDec = dec(available ?? '0') ?? new Dec(0);
  const amountDec = dec(amount);
  const total = refPrice && amountDec ? refPrice.mul(amountDec) : null;
  const fee = side === 'buy' ? (amountDec ? amountDec.mul(market.taker_fee) : null) : total ? total.mul(market.taker_fee) : null;
  const belowMin = total !== null && total.lt(market.min_notional);
  // What the order would freeze, against the available balance (the server checks it exactly).
  const needs = side === 'buy' ? total : amountDec;
  const short = loggedIn && balance !== undefined && needs !== null && needs.gt(availableDec);

  const applyPct = (p: number) => {
    setPct(p);
    if (p === 0) return setAmount('');
    const part = availableDec.mul(p).div(100);
    const amt = side === 'buy' ? (refPrice && refPrice.gt(0) ? part.div(refPrice) : null) : part;
    setAmount(amt ? amt.toDecimalPlaces(market.amount_precision, Dec.ROUND_DOWN).toFixed() : '');
  };

  const submit = async () => {
    if (!loggedIn) {
      void navigate(PATHS.login);
      return;
    }
    if (!amountDec || amountDec.lte(0)) {
      Toast.show({ content: t('spot.enterAmount') });
      return;
    }
    if (type === 'limit' && (!dec(price) || dec(price)!.lte(0))) {
      Toast.show({ content: t('spot.enterPrice') });
      return;
    }
    // Before the confirmation: an order the market takes, for money the user has.
    if (amountDec.lt(market.min_amount)) {
      Toast.show({ content: t('validate.min', { min: market.min_amount, unit: market.base }) });
      return;
    }
    if (belowMin) {
      Toast.show({ content: t('spot.minNotional', { min: market.min_notional, quote: market.quote }) });
      return;
    }
    if (short) {
      Toast.show({ content: t('validate.insufficient', { available: formatAmount(available ?? '0', side === 'buy' ? 6 : 8, 0), unit: side === 'buy' ? market.quote : market.base }) });
      return;
    }
    const sideText = side === 'buy' ? t('spot.buy') : t('spot.sell');
    const ok = await Dialog.confirm({
      title: t('spot.confirmTitle'),
      content:
        type === 'limit'
          ? t('spot.confirmLimit', { side: sideText, amount, base: market.base, price, quote: market.quote })
          : t('spot.confirmMarket', { side: sideText, amount, base: market.base, band: new Dec(market.price_band).mul(100).toFixed() }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      const order = await place.mutateAsync({
        symbol: market.symbol,
        type: side,
        order_type: type,
        time_in_force: type === 'limit' ? tif : 'gtc',
        target_price: type === 'limit' ? price : undefined,
        amount,
        client_order_id: crypto.randomUUID(),
      });
      Toast.show({ icon: 'success', content: order.status === 'filled' ? t('spot.filledToast') : order.status === 'open' ? t('spot.placed') : t('spot.endedToast', { filled: order.filled }) });
      setAmount('');
      setPct(0);
    } catch {
      // The client already showed the server's message.
    }
  };

  return (
    <div className="spot-form" data-testid="spot-form">
      <div className="side-switch">
        <button type="button" className={side === 'buy' ? 'side-buy active' : 'side-buy'} onClick={() => setSide('buy')} data-testid="side-buy">
          {t('spot.buy')}
        </button>
        <button type="button" className={side === 'sell' ? 'side-sell active' : 'side-sell'} onClick={() => setSide('sell')} data-testid="side-sell">
          {t('spot.sell')}
        </button>
      </div>
      <div className="type-switch">
        {(['limit', 'market'] as const).map((k) => (
          <button type="button" key={k} className={type === k ? 'active' : ''} onClick={() => setType(k)} data-testid={`type-${k}`}>
            {k === 'limit' ? t('spot.limit') : t('spot.marketOrder')}
          </button>
        ))}
      </div>
      {type === 'limit' ? (
        <Input className="spot-input" inputMode="decimal" placeholder={t('spot.pricePlaceholder', { quote: market.quote })} value={price} onChange={(v) => setPrice(typed(v, market.price_precision, price))} data-testid="price-input" />
      ) : (
        <div className="spot-input spot-input-static">{t('spot.marketPrice')}</div>
      )}
      <Input
        className="spot-input"
        inputMode="decimal"
        placeholder={t('spot.amountPlaceholder', { base: market.base })}
        value={amount}
        onChange={(v) => {
          setAmount(typed(v, market.amount_precision, amount));
          setPct(0);
        }}
        data-testid="amount-input"
      />
      <Slider className="spot-slider" marks={MARKS} ticks step={1} value={pct} onChange={(v) => applyPct(Array.isArray(v) ? v[0] : v)} data-testid="pct-slider" />
      <div className="form-line">
        <span>{t('spot.available')}</span>
        <span data-testid="available">
          {loggedIn ? `${formatAmount(available ?? '0', side === 'buy' ? 6 : 8)} ${side === 'buy' ? market.quote : market.base}` : '--'}
        </span>
      </div>
      <div className="form-line">
        <span>{t('spot.total')}</span>
        <span data-testid="total">{total ? `${formatPrice(total.toFixed(), 2)} ${market.quote}` : '--'}</span>
      </div>
      <div className="form-line">
        <span>{t('spot.feeUpTo', { rate: new Dec(market.taker_fee).mul(100).toFixed() })}</span>
        <span data-testid="fee">{fee ? `${formatAmount(fee.toFixed(), 8, 0)} ${side === 'buy' ? market.base : market.quote}` : '--'}</span>
      </div>
      {belowMin && <div className="form-hint">{t('spot.minNotional', { min: market.min_notional, quote: market.quote })}</div>}
      {short && (
        <div className="form-hint" data-testid="insufficient-hint">
          {t('spot.insufficient')}
        </div>
      )}
      {type === 'limit' && (
        <div className="tif-options">
          <Checkbox checked={tif === 'post_only'} onChange={(on) => setTif(on ? 'post_only' : 'gtc')} style={CHECK} data-testid="tif-post-only">
            {t('spot.postOnly')}
          </Checkbox>
          <Checkbox checked={tif === 'ioc'} onChange={(on) => setTif(on ? 'ioc' : 'gtc')} style={CHECK} data-testid="tif-ioc">
            {t('spot.ioc')}
          </Checkbox>
        </div>
      )}
      <Button
        block
        className={side === 'buy' ? 'btn-buy' : 'btn-sell'}
        loading={place.isPending}
        disabled={!market.trading}
        onClick={() => void submit()}
        data-testid="submit-order"
      >
        {!market.trading ? t('spot.suspended') : !loggedIn ? t('common.logIn') : side === 'buy' ? t('spot.buyBase', { base: market.base }) : t('spot.sellBase', { base: market.base })}
      </Button>
    </div>
  );
}
