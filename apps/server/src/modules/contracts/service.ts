/** Rules of timed up/down contracts: products, placing an order, the user's orders. */
import { ACCOUNT_TYPES } from '@bourse/contract';
import { formatUnits, parseAmountInput } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { accountBalance, findUserAccountId, ledger } from '../ledger';
import { tickAt } from '../market';
import { DIRECTION } from './payout';
import * as repo from './repo';
import type { ContractSettler } from './settle';
import { orderView, productView, type ProductView } from './views';

/** The settlement scheduler of each app (set by startContractsJobs), told about new expiries. */
const settlers = new WeakMap<AppContext, ContractSettler>();

/** Attaches (or, with null, detaches) the app's settlement scheduler. */
export function attachSettler(ctx: AppContext, s: ContractSettler | null): void {
  if (s) settlers.set(ctx, s);
  else settlers.delete(ctx);
}

/** The app's settlement scheduler, if this process runs one. */
export function attachedSettler(ctx: AppContext): ContractSettler | null {
  return settlers.get(ctx) ?? null;
}

export async function products(ctx: AppContext, opts: { instrumentId?: number; forConsole?: boolean } = {}): Promise<ProductView[]> {
  let list = await repo.listProducts(ctx.db);
  if (opts.instrumentId !== undefined) list = list.filter((p) => p.instrument_id === opts.instrumentId);
  const ids = list.map((p) => p.id);
  const [exps, curs] = await Promise.all([repo.expiries(ctx.db, ids), repo.productCurrencies(ctx.db, ids)]);
  return list.map((p) => productView(p, exps, curs, opts.forConsole));
}

export async function product(ctx: AppContext, instrumentId: number): Promise<ProductView> {
  const [p] = await products(ctx, { instrumentId });
  if (!p) throw new AppError('contract_product_not_found');
  return p;
}

/** Currencies a stake can be paid in (for one market or all), with the caller's contract balance. */
export async function payableCurrencies(ctx: AppContext, userId: number | null, instrumentId?: number) {
  const list = await products(ctx, { instrumentId });
  const seen = new Map<number, { currency_id: number; name: string; sub_name: string; decimals: number; min: string; max: string; balance: string | null }>();
  for (const p of list) {
    for (const c of p.currencies) {
      if (seen.has(c.currency_id)) continue;
      let balance: string | null = null;
      if (userId !== null) {
        const acct = await findUserAccountId(ctx.db, userId, c.currency_id, ACCOUNT_TYPES.micro);
        balance = formatUnits(acct === null ? 0n : (await accountBalance(ctx.db, acct)).available, c.decimals);
      }
      seen.set(c.currency_id, { currency_id: c.currency_id, name: c.name, sub_name: c.sub_name, decimals: c.decimals, min: c.min, max: c.max, balance });
    }
  }
  return [...seen.values()];
}

export interface PlaceInput {
  instrumentId: number;
  currencyId: number;
  direction: number;
  seconds: number;
  number: string;
  clientKey?: string;
}

/** The stake as typed, in base units (the shared parser; never rounded). */
function parseStake(input: string, decimals: number): bigint {
  const r = parseAmountInput(input, decimals);
  if (r.ok) return r.units;
  if (r.reason === 'not_positive') throw new AppError('amount_not_positive');
  throw new AppError(r.reason === 'too_many_places' ? 'amount_precision' : 'field_invalid', { field: 'number' });
}

/**
 * Places an order: checks the product, expiry, currency, stake limits and the market price, then
 * in one transaction writes the order with its open tick, reserves open exposure (refused past
 * the cap) and freezes the stake in the user's contract account (account type 4).
 */
export async function placeOrder(ctx: AppContext, userId: number, input: PlaceInput) {
  if (input.clientKey) {
    const existing = await repo.orderByClientKey(ctx.db, userId, input.clientKey);
    if (existing) return getOrder(ctx, userId, existing.id);
  }
  const p = await repo.productByInstrument(ctx.db, input.instrumentId);
  if (!p) throw new AppError('contract_product_not_found');
  if (p.status !== 1 || p.instrument_status !== 1) throw new AppError('contract_market_suspended');
  if (input.direction !== DIRECTION.up && input.direction !== DIRECTION.down) throw new AppError('field_invalid', { field: 'type' });
  const [exps, curs] = await Promise.all([repo.expiries(ctx.db, [p.id]), repo.productCurrencies(ctx.db, [p.id])]);
  const expiry = exps.find((e) => e.seconds === input.seconds && e.status === 1);
  if (!expiry) throw new AppError('contract_seconds_invalid');
  const cur = curs.find((c) => c.currency_id === input.currencyId && c.status === 1);
  if (!cur) throw new AppError('contract_currency_not_payable');
  const stake = parseStake(input.number, cur.decimals);
  const min = BigInt(cur.min_stake);
  const max = BigInt(cur.max_stake);
  if (stake < min || stake > max) {
    throw new AppError('contract_stake_out_of_range', { min: formatUnits(min, cur.decimals), max: formatUnits(max, cur.decimals), currency: cur.name });
  }
  const now = ctx.clock.now();
  const tick = await tickAt(ctx.db, p.instrument_id, now);
  if (!tick) throw new AppError('price_unavailable');
  const expiresAt = new Date(now.getTime() + input.seconds * 1000);

  let id: string;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      // The exposure row is locked first, before anything touches the user's account (the order
      // insert's foreign key takes a share lock on it): the settler takes the same two in the
      // same order (exposure, then accounts), so placing and settling never deadlock.
      if (!(await repo.reserveExposure(trx, p.id, cur.currency_id, input.direction, stake))) {
        throw new AppError('contract_exposure_cap_reached');
      }
      const account = await ledger.userAccount(trx, userId, cur.currency_id, ACCOUNT_TYPES.micro);
      const row = await repo.insertOrder(trx, {
        user_id: userId,
        product_id: p.id,
        instrument_id: p.instrument_id,
        currency_id: cur.currency_id,
        account_id: account,
        direction: input.direction,
        seconds: input.seconds,
        payout_rate: expiry.payout_rate,
        fee_rate: p.fee_rate,
        stake: stake.toString(),
        open_tick_id: tick.id,
        open_price: tick.price,
        open_tick_at: tick.at,
        created_at: now,
        expires_at: expiresAt,
        client_key: input.clientKey ?? null,
      });
      await ledger.freeze(
        trx,
        account,
        stake,
        { kind: 'contract_open', refType: 'contract_order', refId: row.id, idempotencyKey: `contracts:${row.id}:open` },
        now,
      );
      return row.id;
    });
  } catch (err) {
    // Two requests with the same client key: the second returns the first's order.
    if (input.clientKey && !(err instanceof AppError)) {
      const existing = await repo.orderByClientKey(ctx.db, userId, input.clientKey);
      if (existing) return getOrder(ctx, userId, existing.id);
    }
    throw err;
  }
  settlers.get(ctx)?.notify(expiresAt);
  return getOrder(ctx, userId, id);
}

export async function getOrder(ctx: AppContext, userId: number, id: string) {
  if (!/^\d{1,18}$/.test(id)) throw new AppError('contract_order_not_found');
  const row = await repo.orderView(ctx.db, id, userId);
  if (!row) throw new AppError('contract_order_not_found');
  return { ...orderView(row), server_time: ctx.clock.now().toISOString() };
}

export async function listOrders(ctx: AppContext, userId: number, input: { tab: 0 | 1 | 2 | 3; page: number; limit: number }) {
  const { items, total } = await repo.userOrders(ctx.db, userId, input.tab, ctx.clock.now(), input.page, input.limit);
  return {
    list: items.map(orderView),
    total,
    page: input.page,
    limit: input.limit,
    has_more: input.page * input.limit < total,
    server_time: ctx.clock.now().toISOString(),
  };
}
