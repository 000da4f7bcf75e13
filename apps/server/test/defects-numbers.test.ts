/**
 * Numbers that mislead (issue 20, item 10), over HTTP:
 * - the exchange quote names exactly what will be booked: the amount received is rounded down to
 *   the places the app shows (at most 8; ETH has 18 in the ledger), the exchange credits exactly
 *   that, and the price is given the usual way round ("1 ETH = … USDT", whichever side is paid);
 * - an early savings redemption gives the product's quota back, in the same transaction.
 */
import { Dec, parseUnits } from '@bourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetConfig, closeBalanced, demoApp, saveAssetConfig } from './assets-helpers';
import { api, type H } from './identity-helpers';
import { tick } from './market-helpers';

let h: H;
let op: string;
let demo: string;
let usdt: number;
let eth: number;

interface Quote {
  quote_id: string;
  amount: string;
  fee: string;
  receive: string;
  price: string;
  display_price: { base: string; quote: string; price: string };
}

async function setExchangeTerms(currency: number, spread: string, feeRate: string) {
  const saved = await saveAssetConfig(h, op, currency, await assetConfig(h, op, currency), {
    exchange_enabled: true,
    exchange_spread: spread,
    exchange_fee_rate: feeRate,
  });
  expect(saved.type, JSON.stringify(saved)).toBe('ok');
}

async function spotAvailable(currency: number): Promise<string> {
  const r = await api(h, 'POST', '/api/wallet/detail', { currency, type: 2 }, { token: demo });
  return (r.message as { available: string }).available;
}

beforeAll(async () => {
  ({ h, op, demo, usdt, eth } = await demoApp({ operatorIp: '10.252.0.1' }));
  await setExchangeTerms(eth, '0.003', '0.001');
  await setExchangeTerms(usdt, '0', '0.001');
});

afterAll(() => closeBalanced(h));

describe('exchange quote', () => {
  it('quotes USDT → ETH at the shown precision and books exactly the quoted amount', async () => {
    await tick(h, 'ETH/USDT', '3103.37');
    const r = await api(
      h,
      'POST',
      '/api/wallet/exchange/quote',
      { from_currency_id: usdt, to_currency_id: eth, number: '500' },
      { token: demo },
    );
    expect(r.type, JSON.stringify(r)).toBe('ok');
    const q = r.message as Quote;
    expect(q.fee).toBe('0.5');
    // 499.5 USDT × (1 − 0.003) / 3103.37, rounded down to 8 places (never the 18 of the ledger).
    const exact = new Dec('499.5').mul('0.997').div('3103.37');
    expect(q.receive).toBe(exact.toDecimalPlaces(8, Dec.ROUND_DOWN).toFixed());
    expect(q.receive.split('.')[1]!.length).toBeLessThanOrEqual(8);
    // The usual way round: what one ETH costs in USDT (the spread makes it dearer than the index).
    expect(q.display_price.base).toBe('ETH');
    expect(q.display_price.quote).toBe('USDT');
    expect(q.display_price.price).toBe(
      new Dec('3103.37').div('0.997').toSignificantDigits(8, Dec.ROUND_HALF_UP).toFixed(),
    );
    expect(new Dec(q.display_price.price).gt('3103.37')).toBe(true);

    const before = await spotAvailable(eth);
    const ex = await api(h, 'POST', '/api/user/exchangeCoin', { quote_id: q.quote_id }, { token: demo });
    expect(ex.message).toMatchObject({ receive: q.receive });
    const after = await spotAvailable(eth);
    // Exactly the quoted figure reached the balance, to the last of ETH's 18 places.
    expect(parseUnits(after, 18) - parseUnits(before, 18)).toBe(parseUnits(q.receive, 18));
  });

  it('quotes ETH → USDT as "1 ETH = … USDT" too, the price the seller gets', async () => {
    await tick(h, 'ETH/USDT', '3103.37');
    const r = await api(
      h,
      'POST',
      '/api/wallet/exchange/quote',
      { from_currency_id: eth, to_currency_id: usdt, number: '0.1' },
      { token: demo },
    );
    expect(r.type, JSON.stringify(r)).toBe('ok');
    const q = r.message as Quote;
    expect(q.display_price).toEqual({
      base: 'ETH',
      quote: 'USDT',
      price: new Dec('3103.37').mul('0.997').toSignificantDigits(8, Dec.ROUND_HALF_UP).toFixed(),
    });
    // USDT has 6 places: the receive is at most 6.
    expect(q.receive).toBe(
      new Dec('0.0999').mul('3103.37').mul('0.997').toDecimalPlaces(6, Dec.ROUND_DOWN).toFixed(),
    );
  });
});

describe('savings quota', () => {
  it('an early redemption gives the used quota back to the product', async () => {
    const product = {
      kind: 'savings',
      names: { en: 'Quota test' },
      currency_id: usdt,
      term_days: 30,
      rate_mode: 'fixed',
      daily_rate: '0.001',
      min_amount: '10',
      max_amount: '5000',
      total_quota: '1000000',
      start_time: '2026-11-01T00:00:00Z',
      end_time: '2027-11-01T00:00:00Z',
      penalty_rate: '0.01',
      early_redeem: true,
      forfeit_income: false,
      payout: 'account',
    };
    const created = await api(h, 'POST', '/api/admin/savings/products', product, { token: op });
    expect(created.type, JSON.stringify(created)).toBe('ok');
    const productId = (created.message as { id: number }).id;
    const remaining = async () =>
      (
        (await api(h, 'GET', '/api/lh/deposit/config')).message as Array<{
          id: number;
          remaining_quota: string;
          sold: string;
        }>
      ).find((p) => p.id === productId)!.remaining_quota;

    const joined = await api(
      h,
      'POST',
      '/api/lh/deposit',
      { config_id: productId, amount: '1000' },
      { token: demo },
    );
    expect(joined.type, JSON.stringify(joined)).toBe('ok');
    const orderId = (joined.message as { id: string }).id;
    expect(await remaining()).toBe('999000');

    // A refused redemption (stale refund) changes nothing.
    const stale = await api(
      h,
      'POST',
      '/api/lh/deposit/order/cancel',
      { id: orderId, expected_refund: '1000' },
      { token: demo },
    );
    expect(stale.error).toBe('savings_quote_changed');
    expect(await remaining()).toBe('999000');

    const done = await api(
      h,
      'POST',
      '/api/lh/deposit/order/cancel',
      { id: orderId, expected_refund: '990' },
      { token: demo },
    );
    expect(done.message).toMatchObject({ status: 'redeemed', refund: '990' });
    expect(await remaining()).toBe('1000000');
    // The quota is free again, but the terms it was sold on stay fixed (the record shows them).
    const terms = await api(
      h,
      'POST',
      `/api/admin/savings/products/${productId}`,
      { ...product, daily_rate: '0.002' },
      { token: op },
    );
    expect(terms.error).toBe('savings_product_invalid');
  });
});
