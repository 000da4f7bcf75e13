/**
 * Properties of copy trading (docs/product/follow.md) over random lead trades and prices:
 * Σ shared ≤ share rate × the peak realised P&L seen; nothing is charged while the P&L is at or
 * below the mark; every copy's margin respects the follow's cap; the statistics recomputed from
 * the fills equal those displayed; the books reconcile.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Dec } from '@bourse/money';
import { ManualClock } from '../../src/lib/clock';
import type { AppContext } from '../../src/context';
import { reconcile } from '../../src/modules/ledger';
import { mirrorPass } from '../../src/modules/follow';
import * as follow from '../../src/modules/follow/service';
import { review } from '../../src/modules/follow/admin-service';
import * as lever from '../../src/modules/lever/service';
import { ensureFirstOperator, type Operator } from '../../src/modules/operators';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fundLever, setupLever, tick } from '../lever/fixture';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let m: Awaited<ReturnType<typeof setupLever>>;
let op: Operator;
const totals = { passes: 0, copied: 0, closed: 0, errors: 0 };

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-01-05T10:00:00Z');
  ctx = testContext(t.db, clock);
  m = await setupLever(ctx);
  await ensureFirstOperator(ctx);
  op = (await t.db.selectFrom('operators').selectAll().executeTakeFirstOrThrow()) as unknown as Operator;
  await tick(ctx, m.btc, '50000');
  await mirrorPass(ctx, totals);
});
afterAll(() => t.close());

const trade = fc.record({
  side: fc.constantFrom(1, 2),
  lev: fc.constantFrom(5, 10, 20),
  qtyMilli: fc.integer({ min: 10, max: 200 }),
  movePct: fc.integer({ min: -150, max: 150 }),
});

it('shares never exceed the rate × the peak realised P&L, nothing below the mark, caps hold, statistics match the fills', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(trade, { minLength: 2, maxLength: 5 }),
      fc.constantFrom('0.1', '0.3'),
      fc.constantFrom(1, 2),
      async (trades, rate, mode) => {
        const lead = await createUser(t.db);
        await fundLever(ctx, lead, m.usdt.id, '100000');
        await follow.apply(ctx, lead, 'property');
        await review(ctx, op, lead, 'approve', rate, null);
        const copier = await createUser(t.db);
        await fundLever(ctx, copier, m.usdt.id, '5000');
        clock.advance(1000);
        await follow.follow(ctx, copier, {
          trader_user_id: lead,
          type: mode,
          number: mode === 1 ? '150' : '2',
          max_per_copy: '400',
        });
        let price = new Dec(50000);
        let peak = new Dec(0);
        let lastShared = new Dec(0);
        let lastMark = new Dec(0);
        for (const tr of trades) {
          clock.advance(1000);
          await tick(ctx, m.btc, price.toFixed());
          const pos = await lever.open(ctx, lead, {
            instrument_id: m.btc,
            type: tr.side,
            multiple: tr.lev,
            number: new Dec(tr.qtyMilli).div(1000).toFixed(),
          });
          await mirrorPass(ctx, totals);
          price = price.mul(new Dec(10_000 + tr.movePct).div(10_000)).toDecimalPlaces(2);
          clock.advance(1000);
          await tick(ctx, m.btc, price.toFixed());
          await lever.close(ctx, lead, pos.id).catch(() => undefined); // a liquidated lead is closed already
          await mirrorPass(ctx, totals);
          const f = (await follow.selfHolding(ctx, copier, 1, 50, (r) => r)).follows[0]!;
          const realized = new Dec(f.realized);
          const shared = new Dec(f.shared);
          if (realized.gt(peak)) peak = realized;
          expect(shared.lte(peak.mul(rate)), `shared ${shared.toFixed()} peak ${peak.toFixed()}`).toBe(true);
          if (realized.lte(lastMark)) expect(shared.eq(lastShared)).toBe(true);
          lastShared = shared;
          lastMark = new Dec(f.high_water_mark);
        }
        const copies = (await follow.selfHolding(ctx, copier, 1, 50, (r) => r)).copies;
        for (const c of copies) if (c.position) expect(new Dec(c.position.margin).lte(400)).toBe(true);
        // The displayed statistics equal a recomputation from the trader's closed positions.
        const stats = (await follow.traderDetail(ctx, null, lead, 90)).stats;
        const rows = await t.db
          .selectFrom('lever_positions')
          .selectAll()
          .where('user_id', '=', lead)
          .where('status', '=', 'closed')
          .execute();
        const nets = rows.map((r) => BigInt(r.pnl!) - BigInt(r.open_fee) - BigInt(r.close_fee!));
        expect(stats.trades).toBe(rows.length);
        expect(new Dec(stats.pnl).mul(1e6).toFixed()).toBe(nets.reduce((a, b) => a + b, 0n).toString());
        expect(
          new Dec(stats.win_rate ?? '0').eq(
            new Dec(nets.filter((n) => n > 0n).length)
              .div(rows.length)
              .toDecimalPlaces(4, Dec.ROUND_HALF_EVEN),
          ),
        ).toBe(true);
        await follow.cancel(ctx, copier, lead);
        expect((await reconcile(t.db)).violations).toEqual([]);
      },
    ),
    { numRuns: 5 },
  );
});
