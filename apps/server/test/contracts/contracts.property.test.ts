/**
 * Property: random orders over random price paths (with ties and gaps longer than the void
 * window), settled by passes at random moments. Afterwards every order is settled once; each
 * non-void order names the first stored tick at or after its expiry and its outcome follows from
 * the prices alone; a void order had no tick in its window; user P&L + house P&L + fees = 0 (from
 * the journal); and the books reconcile.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock';
import { reconcile } from '../../src/modules/ledger';
import { settleDue, VOID_AFTER_MS } from '../../src/modules/contracts';
import { placeOrder } from '../../src/modules/contracts/service';
import { outcomeOf, amountsFor } from '../../src/modules/contracts/payout';
import { AppError } from '../../src/http/errors';
import type { AppContext } from '../../src/context';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fund, setupProducts, tick } from './fixture';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let m: Awaited<ReturnType<typeof setupProducts>>;
let users: number[];

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-11-22T09:00:00Z');
  ctx = testContext(t.db, clock);
  m = await setupProducts(ctx);
  users = [];
  for (let i = 0; i < 3; i++) {
    const u = await createUser(t.db);
    await fund(ctx, u, m.usdt.id, '100000');
    users.push(u);
  }
});
afterAll(async () => {
  await t.close();
});

const step = fc.record({
  gapMs: fc.oneof(fc.integer({ min: 100, max: 4000 }), fc.constant(12_000), fc.constant(0)),
  price: fc.constantFrom('99.9', '100', '100', '100.1', '100.25'),
  tick: fc.boolean(),
  order: fc.option(
    fc.record({
      user: fc.integer({ min: 0, max: 2 }),
      market: fc.constantFrom<'btc' | 'eth'>('btc', 'eth'),
      direction: fc.constantFrom(1, 2),
      seconds: fc.constantFrom(30, 60),
      stake: fc.integer({ min: 10, max: 500 }).map(String).chain((w) => fc.constantFrom(w, `${w}.5`, `${w}.000001`)),
    }),
    { freq: 2 },
  ),
  settle: fc.boolean(),
});

it('settles random orders exactly by the rule and balances user, house and fees', async () => {
  let run = 0;
  const seen = new Set<string>();
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 60 }), async (steps) => {
      run++;
      clock.advance(86_400_000);
      const placed: string[] = [];
      // Each run starts with a fresh price on both markets.
      await tick(ctx, m.btc, '100');
      await tick(ctx, m.eth, '100');
      for (const s of steps) {
        if (s.tick) {
          await tick(ctx, m.btc, s.price);
          await tick(ctx, m.eth, s.price === '100' ? '100.1' : '100');
        }
        if (s.order) {
          try {
            const o = await placeOrder(ctx, users[s.order.user]!, {
              instrumentId: m[s.order.market],
              currencyId: m.usdt.id,
              direction: s.order.direction,
              seconds: s.order.seconds,
              number: s.order.stake,
            });
            placed.push(o.id);
          } catch (err) {
            // Only a stale price may refuse here (a gap longer than 10 s without ticks).
            if (!(err instanceof AppError) || err.code !== 'price_unavailable') throw err;
          }
        }
        clock.advance(s.gapMs);
        if (s.settle) await settleDue(ctx);
      }
      // Let every window pass; keep ticking on one market only so the other one voids.
      for (let i = 0; i < 80; i++) {
        clock.advance(1000);
        if (run % 2 === 0) await tick(ctx, m.btc, i % 3 === 0 ? '100' : '100.2');
        if (i % 7 === 0) await settleDue(ctx);
      }
      clock.advance(VOID_AFTER_MS + 2000);
      await settleDue(ctx);
      if (placed.length === 0) return;

      const orders = await t.db.selectFrom('contract_orders').selectAll().where('id', 'in', placed).execute();
      let userPnl = 0n;
      for (const o of orders) {
        expect(o.status).not.toBe('open');
        seen.add(o.status);
        const first = await t.db
          .selectFrom('market_ticks')
          .selectAll()
          .where('instrument_id', '=', o.instrument_id)
          .where('at', '>=', o.expires_at)
          .where('at', '<', new Date(o.expires_at.getTime() + VOID_AFTER_MS))
          .orderBy('at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (o.status === 'void') {
          expect(first).toBeUndefined();
          expect(o.close_tick_id).toBeNull();
        } else {
          expect(first).toBeDefined();
          expect(o.close_tick_id).toBe(first!.id);
          expect(o.status).toBe(outcomeOf(o.direction, o.open_price, first!.price));
        }
        const a = amountsFor(o.status as 'won', BigInt(o.stake), o.payout_rate, o.fee_rate);
        expect([BigInt(o.payout!), BigInt(o.fee!), BigInt(o.profit!)]).toEqual([a.payout, a.fee, a.profit]);
        userPnl += BigInt(o.profit!);
      }
      // House and fee postings of these orders' settlement entries, from the journal.
      const sums = await sql<{ code: string; total: string }>`
        select a.system_code as code, coalesce(sum(p.amount), 0) as total
          from journal_entries e join postings p on p.entry_id = e.id join accounts a on a.id = p.account_id
         where e.kind = 'contract_settle' and e.ref_id = any(${placed}::text[]) and a.system_code is not null
         group by a.system_code`.execute(t.db);
      const house = BigInt(sums.rows.find((r) => r.code === 'house')?.total ?? '0');
      const fees = BigInt(sums.rows.find((r) => r.code === 'fees')?.total ?? '0');
      expect(userPnl + house + fees).toBe(0n);
      const settles = await sql<{ n: string }>`
        select count(*) as n from journal_entries where kind = 'contract_settle' and ref_id = any(${placed}::text[])`.execute(t.db);
      expect(Number(settles.rows[0]!.n)).toBe(placed.length);
      const r = await reconcile(t.db);
      expect(r.violations).toEqual([]);
    }),
    { numRuns: 12, seed: 20261122 },
  );
  // The generated paths reach every outcome.
  expect([...seen].sort()).toEqual(['lost', 'tie', 'void', 'won']);
});
