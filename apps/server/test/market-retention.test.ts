/**
 * Tick retention: old ticks go, except those a settlement or an exchange names and those an open
 * contract order may still settle against. And one price feed across processes (PostgreSQL):
 * the leader's lock moves to a standing-by process when the leader stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ManualClock } from '../src/lib/clock';
import { contractTickReferences, settleDue } from '../src/modules/contracts';
import { exchangeTickReferences } from '../src/modules/assets';
import { placeOrder } from '../src/modules/contracts/service';
import { FeedLeader } from '../src/modules/market/feed-leader';
import { pruneTicks as prune } from '../src/modules/market/retention';
import type { AppContext } from '../src/context';
import { createUser, onPostgres, openTestDb, silentLogger, testContext, type TestDb } from './helpers';
import { fund, setupProducts, tick } from './contracts/fixture';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let m: Awaited<ReturnType<typeof setupProducts>>;

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-11-01T09:00:00Z');
  ctx = testContext(t.db, clock);
  m = await setupProducts(ctx);
});
afterAll(async () => {
  await t.close();
});

/** Pruning with the readers the server passes (contract orders, exchanges). */
const pruneTicks = (db: TestDb['db'], before: Date, batch?: number) => prune(db, before, [contractTickReferences, exchangeTickReferences], batch);

const exists = async (id: string) =>
  (await sql<{ n: string }>`select count(*) as n from market_ticks where id = ${id}::bigint`.execute(t.db)).rows[0]!.n === '1';

describe('tick retention', () => {
  it('prunes old ticks but keeps the ones records name and those open orders still need', async () => {
    const user = await createUser(t.db);
    await fund(ctx, user, m.usdt.id, '1000');
    const t0 = clock.now().getTime();
    // Old history: 300 ticks a second apart.
    const old: string[] = [];
    for (let i = 0; i < 300; i++) old.push((await tick(ctx, m.eth, '3000', new Date(t0 - 600_000 + i * 1000))).id);
    // A settled order: its open and close ticks are named by the order.
    const open = await tick(ctx, m.btc, '90000', new Date(t0 - 1000));
    const placed = await placeOrder(ctx, user, { instrumentId: m.btc, currencyId: m.usdt.id, direction: 1, seconds: 30, number: '10' });
    clock.advance(30_000);
    const close = await tick(ctx, m.btc, '90100');
    clock.advance(1_000);
    await settleDue(ctx);
    const settled = await ctx.db.selectFrom('contract_orders').select(['status', 'open_tick_id', 'close_tick_id']).where('id', '=', String(placed.id)).executeTakeFirstOrThrow();
    expect(settled.status).toBe('won');
    expect(String(settled.open_tick_id)).toBe(open.id);
    expect(String(settled.close_tick_id)).toBe(close.id);
    // An exchange record naming one of the old ticks.
    await sql`insert into asset_exchange_quotes (id, user_id, from_currency_id, to_currency_id, amount, fee, receive, index_price, price, spread, tick_ids, created_at, expires_at)
              values ('q-retention', ${user}, ${m.usdt.id}, ${m.usdt.id}, 1, 0, 1, 1, 1, 0, ${old[5]!}, now(), now())`.execute(t.db);
    await sql`insert into asset_exchanges (quote_id, user_id, from_currency_id, to_currency_id, amount, fee, receive, price, tick_ids, created_at)
              values ('q-retention', ${user}, ${m.usdt.id}, ${m.usdt.id}, 1, 0, 1, 1, ${`${old[7]!},${old[9]!}`}, now())`.execute(t.db);

    // Everything above is older than the cut-off; batches of 64 walk through all of it.
    const r = await pruneTicks(t.db, new Date(clock.now().getTime() + 1000), 64);
    expect(r.examined).toBe(302);
    expect(r.deleted).toBe(302 - 2 - 2);
    expect(await exists(open.id)).toBe(true);
    expect(await exists(close.id)).toBe(true);
    expect(await exists(old[7]!)).toBe(true);
    expect(await exists(old[9]!)).toBe(true);
    expect(await exists(old[5]!)).toBe(false); // only a quote named it; the exchange did not happen
    expect(await exists(old[0]!)).toBe(false);
    // Running again finds nothing more to delete.
    expect((await pruneTicks(t.db, new Date(clock.now().getTime() + 1000), 64)).deleted).toBe(0);
  });

  it('never prunes at or after the expiry of an open order', async () => {
    const user = await createUser(t.db);
    await fund(ctx, user, m.usdt.id, '1000');
    clock.advance(3_600_000);
    await tick(ctx, m.btc, '91000', new Date(clock.now().getTime() - 1000));
    const placed = await placeOrder(ctx, user, { instrumentId: m.btc, currencyId: m.usdt.id, direction: 2, seconds: 60, number: '10' });
    clock.advance(60_000);
    const atExpiry = await tick(ctx, m.btc, '90900');
    const later = await tick(ctx, m.btc, '90950', new Date(clock.now().getTime() + 5000));
    // The settler was down: the order is still open although it expired.
    const r = await pruneTicks(t.db, new Date(clock.now().getTime() + 3_600_000));
    expect(r.cutoff.getTime()).toBe(new Date(placed.expires_at).getTime());
    expect(await exists(atExpiry.id)).toBe(true);
    expect(await exists(later.id)).toBe(true);
    clock.advance(1000);
    await settleDue(ctx);
    const o = await ctx.db.selectFrom('contract_orders').select(['status', 'close_tick_id']).where('id', '=', String(placed.id)).executeTakeFirstOrThrow();
    expect(o.status).toBe('won'); // down (2), and the close tick at expiry is below the open
    expect(String(o.close_tick_id)).toBe(atExpiry.id);
  });
});

describe.runIf(onPostgres)('one price feed across processes', () => {
  it('leads in one process; another takes over when the leader stops', async () => {
    const events: string[] = [];
    const make = (name: string) =>
      new FeedLeader(t.db, process.env.DATABASE_URL!, silentLogger, {
        onLead: () => Promise.resolve(void events.push(`${name} leads`)),
        onLose: () => Promise.resolve(void events.push(`${name} loses`)),
      }, 100);
    const a = make('a');
    const b = make('b');
    await a.start();
    await b.start();
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(b.isLeader).toBe(false);
    await a.stop();
    for (let i = 0; i < 50 && !b.isLeader; i++) await new Promise((r) => setTimeout(r, 50));
    expect(b.isLeader).toBe(true);
    expect(events).toEqual(['a leads', 'b leads']);
    await b.stop();
  });
});
