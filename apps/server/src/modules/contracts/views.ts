/** Wire shapes of the contracts domain: amounts as exact decimal strings, times as ISO strings. */
import type { ContractOrder, ContractOrderStatus } from '@bourse/contract';
import { Dec, formatUnits } from '@bourse/money';
import type { OrderViewRow, ProductCurrencyRow, ProductRow, ExpiryRow } from './repo';
import { DIRECTION, expected } from './payout';

const dec = (v: string) => new Dec(v).toFixed();

export function orderView(o: OrderViewRow): ContractOrder {
  const amt = (v: string | null) => (v === null ? null : formatUnits(BigInt(v), o.decimals));
  const stake = BigInt(o.stake);
  const exp = expected(stake, o.payout_rate, o.fee_rate);
  const profit = o.profit === null ? null : BigInt(o.profit);
  return {
    id: o.id,
    match_id: o.instrument_id,
    product_id: o.product_id,
    symbol: o.symbol,
    price_precision: o.price_precision,
    currency_id: o.currency_id,
    currency: o.currency,
    currency_sub: o.currency_sub,
    type: o.direction,
    direction: o.direction === DIRECTION.up ? 'up' : 'down',
    seconds: o.seconds,
    number: formatUnits(stake, o.decimals),
    payout_rate: dec(o.payout_rate),
    fee_rate: dec(o.fee_rate),
    expected_profit: formatUnits(exp.profit, o.decimals),
    expected_fee: formatUnits(exp.fee, o.decimals),
    open_price: dec(o.open_price),
    open_tick_id: o.open_tick_id,
    open_tick_at: o.open_tick_at.toISOString(),
    created_at: o.created_at.toISOString(),
    expires_at: o.expires_at.toISOString(),
    status: o.status as ContractOrderStatus,
    settled: o.status !== 'open',
    close_price: o.close_price === null ? null : dec(o.close_price),
    close_tick_id: o.close_tick_id,
    close_tick_at: o.close_tick_at?.toISOString() ?? null,
    settled_at: o.settled_at?.toISOString() ?? null,
    payout: amt(o.payout),
    fee: amt(o.fee),
    profit: profit === null ? null : formatUnits(profit, o.decimals),
    /** Net profit over stake in percent ("78.4" = +78.4 %), two decimals at most. */
    profit_rate: profit === null ? null : new Dec(profit.toString()).mul(100).div(stake.toString()).toDecimalPlaces(2).toFixed(),
  };
}

/** The contract's order (packages/contract/src/api/contracts.ts). */
export type OrderView = ContractOrder;

export function productView(p: ProductRow, exps: ExpiryRow[], curs: ProductCurrencyRow[], forConsole = false) {
  return {
    match_id: p.instrument_id,
    product_id: p.id,
    instrument_id: p.instrument_id,
    symbol: p.symbol,
    base: p.base,
    quote: p.quote,
    price_precision: p.price_precision,
    source: p.source,
    is_demo: p.is_demo,
    /** Open for new orders: the product and its market are both active. */
    tradable: p.status === 1 && p.instrument_status === 1,
    status: p.status,
    instrument_status: p.instrument_status,
    fee_rate: dec(p.fee_rate),
    seconds: exps
      .filter((e) => e.product_id === p.id && (forConsole || e.status === 1))
      .map((e) => ({ seconds: e.seconds, payout_rate: dec(e.payout_rate), status: e.status })),
    currencies: curs
      .filter((c) => c.product_id === p.id && (forConsole || c.status === 1))
      .map((c) => ({
        currency_id: c.currency_id,
        name: c.name,
        sub_name: c.sub_name,
        decimals: c.decimals,
        min: formatUnits(BigInt(c.min_stake), c.decimals),
        max: formatUnits(BigInt(c.max_stake), c.decimals),
        status: c.status,
        ...(forConsole
          ? {
              exposure_cap: formatUnits(BigInt(c.exposure_cap), c.decimals),
              open_up: formatUnits(BigInt(c.open_up), c.decimals),
              open_down: formatUnits(BigInt(c.open_down), c.decimals),
            }
          : {}),
      })),
  };
}

export type ProductView = ReturnType<typeof productView>;
