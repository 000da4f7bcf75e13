/** Shared set-up of the contracts tests: demo products, funded contract accounts, hand-made ticks. */
import { ACCOUNT_TYPES } from '@bourse/contract';
import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../src/context';
import type { Database } from '../../src/db/database';
import { ledger } from '../../src/modules/ledger';
import { findInstrument } from '../../src/modules/market';
import { insertTicks } from '../../src/modules/market/ticks';
import { seedDemoProducts } from '../../src/modules/contracts/demo';

export async function usdt(db: Database): Promise<{ id: number; decimals: number }> {
  const c = await db
    .selectFrom('currencies')
    .select(['id', 'decimals'])
    .where('name', '=', 'USDT')
    .where('sub_name', '=', 'ERC20')
    .executeTakeFirstOrThrow();
  return c;
}

export async function setupProducts(ctx: AppContext) {
  await seedDemoProducts(ctx);
  const btc = (await findInstrument(ctx.db, 'BTC/USDT'))!;
  const eth = (await findInstrument(ctx.db, 'ETH/USDT'))!;
  return { btc: btc.id, eth: eth.id, usdt: await usdt(ctx.db) };
}

/** Credits a user's contract account (type 4) from the demo source, as a transfer in would. */
export async function fund(ctx: AppContext, userId: number, currencyId: number, amount: string, decimals = 6) {
  await ctx.db.transaction().execute(async (trx) => {
    const from = await ledger.systemAccount(trx, 'demo', currencyId);
    const to = await ledger.userAccount(trx, userId, currencyId, ACCOUNT_TYPES.micro);
    await ledger.transfer(trx, from, to, parseUnits(amount, decimals), { kind: 'test_credit' }, ctx.clock.now());
  });
}

export async function microBalance(ctx: AppContext, userId: number, currencyId: number) {
  const r = await ctx.db
    .selectFrom('accounts')
    .select(['available', 'frozen'])
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('account_type', '=', ACCOUNT_TYPES.micro)
    .executeTakeFirst();
  return { available: BigInt(r?.available ?? 0), frozen: BigInt(r?.frozen ?? 0) };
}

/** Stores one tick of a market at the clock's time (or `at`). */
export async function tick(ctx: AppContext, instrumentId: number, price: string, at: Date = ctx.clock.now()) {
  const [t] = await insertTicks(ctx.db, [{ instrument_id: instrumentId, price, volume: '1', at, source: 'simulated' }]);
  return t!;
}

/**
 * Many open orders at once (crash test set-up): rows inserted in one statement per market, the
 * users' stakes frozen by one journal entry per user, exposure counters set to match, and a
 * closing tick stored for most expiry instants: every 7th instant has no tick of its own (its
 * orders close on the next instant's tick) and the last five have none within the void window
 * (their orders void).
 */
export async function bulkExpiredOrders(
  ctx: AppContext,
  o: { users: number[]; markets: number[]; currencyId: number; perMarket: number; expiredAt: Date; stake: string },
) {
  const { sql } = await import('kysely');
  const products = await ctx.db.selectFrom('contract_products').select(['id', 'instrument_id']).execute();
  const stake = parseUnits(o.stake, 6);
  const n = o.users.length;
  const accounts: number[] = [];
  for (const [i, u] of o.users.entries()) {
    const count = BigInt(o.markets.length * Math.ceil((o.perMarket - i) / n));
    accounts.push(
      await ctx.db.transaction().execute(async (trx) => {
        const acct = await ledger.userAccount(trx, u, o.currencyId, ACCOUNT_TYPES.micro);
        if (count > 0n) await ledger.freeze(trx, acct, stake * count, { kind: 'test_bulk_freeze' }, ctx.clock.now());
        return acct;
      }),
    );
  }
  const at = o.expiredAt.getTime();
  for (const market of o.markets) {
    const product = products.find((p) => p.instrument_id === market)!.id;
    const [open] = await insertTicks(ctx.db, [{ instrument_id: market, price: '100', volume: '1', at: new Date(at - 60_000), source: 'simulated' }]);
    await sql`
      insert into contract_orders (user_id, product_id, instrument_id, currency_id, account_id, direction, seconds,
                                   payout_rate, fee_rate, stake, open_tick_id, open_price, open_tick_at, created_at, expires_at, client_key)
      select (${o.users}::int[])[1 + (i % ${n})], ${product}, ${market}, ${o.currencyId}, (${accounts}::int[])[1 + (i % ${n})],
             1 + (i / ${n}) % 2, 60, 0.8, 0.02, ${stake.toString()}::numeric, ${open!.id}, 100,
             ${new Date(at - 60_000)}, ${new Date(at - 60_000)}, ${new Date(at)}::timestamptz + ((i % 50) * interval '100 millisecond'),
             'bulk:' || ${market} || ':' || i
        from generate_series(0, ${o.perMarket - 1}) as g(i)`.execute(ctx.db);
    await insertTicks(
      ctx.db,
      Array.from({ length: 50 }, (_, k) => k)
        .filter((k) => k % 7 !== 3 && k < 45)
        .map((k) => ({ instrument_id: market, price: ['99.9', '100', '100.1'][k % 3]!, volume: '1', at: new Date(at + k * 100 + 50), source: 'simulated' })),
    );
  }
  await sql`
    update contract_product_currencies pc set
      open_up = coalesce((select sum(stake) from contract_orders o where o.product_id = pc.product_id and o.currency_id = pc.currency_id and o.direction = 1 and o.status = 'open'), 0),
      open_down = coalesce((select sum(stake) from contract_orders o where o.product_id = pc.product_id and o.currency_id = pc.currency_id and o.direction = 2 and o.status = 'open'), 0)`.execute(ctx.db);
}
