import type { LeverMarket, LeverPosition } from '@bourse/contract';
import { describe, expect, it } from 'vitest';
import {
  fractionPercent,
  freshPushedPrice,
  groupMarkets,
  livePositionFigures,
  newClientKey,
  pickMarket,
  ratioLevel,
  signed,
  signClass,
  stopChanges,
  triggerReached,
} from './lib';

const tiers = [
  { max_notional: '50000', mmr: '0.005', cum: '0' },
  { max_notional: null, mmr: '0.01', cum: '250' },
];
const btc = {
  settlement: 'linear' as const,
  side: 'long' as const,
  qty: '0.01',
  entry_price: '50000',
  margin: '50',
  tiers,
  decimals: 6,
};

describe('livePositionFigures', () => {
  it('figures a linear long: UPnL, ROE on the margin, MM of the tier, MM ÷ MB', () => {
    expect(livePositionFigures(btc, '51000')).toEqual({
      upnl: '10',
      roe: '0.2',
      maintenance_margin: '2.55',
      margin_ratio: '0.0425',
    });
  });

  it('figures a short the other way and rounds the ratio up, as the server does', () => {
    // MB = 50 − 10 = 40; 2.55 / 40 = 0.06375 → 0.0638
    expect(livePositionFigures({ ...btc, side: 'short' }, '51000')).toEqual({
      upnl: '-10',
      roe: '-0.2',
      maintenance_margin: '2.55',
      margin_ratio: '0.0638',
    });
  });

  it('uses the tier of the notional at the price (with its cum amount)', () => {
    // N = 2 × 30000 = 60000 > 50000: mmr 1 %, cum = 50000 × (0.01 − 0.005) = 250 → MM = 600 − 250 = 350
    const big = { ...btc, qty: '2', entry_price: '25000', margin: '5000' };
    const f = livePositionFigures(big, '30000')!;
    expect(f.maintenance_margin).toBe('350');
    expect(f.upnl).toBe('10000');
  });

  it('figures a quote-inverse market (USD/JPY) in the margin currency, UPnL rounded down', () => {
    const usdjpy = {
      ...btc,
      settlement: 'quote_inverse' as const,
      qty: '1000',
      entry_price: '150',
      margin: '10',
    };
    // UPnL = 1000 × (151 − 150) / 151 = 6.6225165… → 6.622516; MM = 1000 × 0.005; MB = 16.62…
    expect(livePositionFigures(usdjpy, '151')).toEqual({
      upnl: '6.622516',
      roe: '0.6622',
      maintenance_margin: '5',
      margin_ratio: '0.3008',
    });
  });

  it('has no ratio once the margin balance is used up, and no figures without a valid price', () => {
    expect(livePositionFigures(btc, '44000')!.margin_ratio).toBeNull();
    expect(livePositionFigures(btc, 'n/a')).toBeNull();
    expect(livePositionFigures(btc, '0')).toBeNull();
  });
});

describe('freshPushedPrice', () => {
  const now = 1_000_000;
  it('takes a price pushed within 10 s on the server clock', () => {
    expect(freshPushedPrice({ last: '1.5', ts: now - 9_000 }, now, 0)).toBe('1.5');
    expect(freshPushedPrice({ last: '1.5', ts: now - 11_000 }, now, 0)).toBeNull();
    // The device is 5 s behind the server: a tick 12 s old by the device clock is 7 s old.
    expect(freshPushedPrice({ last: '1.5', ts: now - 7_000 + 5_000 }, now, 5_000)).toBe('1.5');
    expect(freshPushedPrice(undefined, now, 0)).toBeNull();
  });
});

describe('markets', () => {
  const m = (symbol: string, group: 'crypto' | 'forex') => ({ symbol, group }) as LeverMarket;
  const list = [m('BTC/USDT', 'crypto'), m('EUR/USD', 'forex'), m('ETH/USDT', 'crypto')];
  it('groups crypto first, then FX and metals, dropping an empty group', () => {
    expect(groupMarkets(list).map((g) => [g.group, g.markets.map((x) => x.symbol)])).toEqual([
      ['crypto', ['BTC/USDT', 'ETH/USDT']],
      ['forex', ['EUR/USD']],
    ]);
    expect(groupMarkets([list[1]!]).map((g) => g.group)).toEqual(['forex']);
  });
  it('picks a market by the URL symbol in any spelling, else the first', () => {
    expect(pickMarket(list, 'eur_usd')?.symbol).toBe('EUR/USD');
    expect(pickMarket(list, 'ETH-USDT')?.symbol).toBe('ETH/USDT');
    expect(pickMarket(list, 'XYZ/USDT')?.symbol).toBe('BTC/USDT');
    expect(pickMarket([], null)).toBeUndefined();
  });
});

describe('stopChanges', () => {
  const pos = { target_profit_price: '52000', stop_loss_price: null } as Pick<
    LeverPosition,
    'target_profit_price' | 'stop_loss_price'
  >;
  it('sends only what changed: a new price, or "" to clear one', () => {
    expect(stopChanges(pos, '52000', '49000')).toEqual({ stop_loss_price: '49000' });
    expect(stopChanges(pos, '', '')).toEqual({ target_profit_price: '' });
    expect(stopChanges(pos, ' 53000 ', '')).toEqual({ target_profit_price: '53000' });
  });
  it('reads the same price written differently as unchanged, and says when nothing changed', () => {
    expect(stopChanges(pos, '52000.00', '')).toBeNull();
    expect(stopChanges(pos, '52000', ' ')).toBeNull();
  });
  it('passes text that is not a number on, for the server to refuse', () => {
    expect(stopChanges(pos, 'abc', '')).toEqual({ target_profit_price: 'abc' });
  });
});

describe('triggerReached', () => {
  const long = {
    side: 'long' as const,
    liq_price: '45250',
    target_profit_price: '52000',
    stop_loss_price: '48000',
  };
  it('long: at or below the liquidation or stop price, at or above the take-profit', () => {
    expect(triggerReached(long, '50000')).toBe(false);
    expect(triggerReached(long, '52000')).toBe(true);
    expect(triggerReached(long, '48000')).toBe(true);
    expect(triggerReached({ ...long, stop_loss_price: null }, '45250')).toBe(true);
    expect(triggerReached(long, null)).toBe(false);
  });
  it('short: the other way round', () => {
    const short = {
      side: 'short' as const,
      liq_price: '54750',
      target_profit_price: '48000',
      stop_loss_price: null,
    };
    expect(triggerReached(short, '50000')).toBe(false);
    expect(triggerReached(short, '48000')).toBe(true);
    expect(triggerReached(short, '54750')).toBe(true);
  });
});

describe('display', () => {
  it('shows fractions as percentages, signed on request', () => {
    expect(fractionPercent('0.1234')).toBe('12.34%');
    expect(fractionPercent('0.2', true)).toBe('+20.00%');
    expect(fractionPercent('-0.0525', true)).toBe('-5.25%');
    expect(fractionPercent(null)).toBe('--');
  });
  it('signs and colours amounts', () => {
    expect(signed('12.5')).toBe('+12.5');
    expect(signed('-3')).toBe('-3');
    expect(signed('0')).toBe('0');
    expect(signClass('-0.01')).toBe('down');
    expect(signClass('0')).toBe('flat');
  });
  it('colours the margin ratio by how close liquidation (100 %) is', () => {
    expect(ratioLevel('0.1')).toBe('safe');
    expect(ratioLevel('0.5')).toBe('warn');
    expect(ratioLevel('0.95')).toBe('danger');
    expect(ratioLevel(null)).toBe('danger');
  });
});

describe('newClientKey', () => {
  it('makes a new key each time, within the 64 characters the server takes', () => {
    const a = newClientKey();
    const b = newClientKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^lv[0-9a-f]{24}$/);
  });
});
