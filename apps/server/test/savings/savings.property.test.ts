/**
 * Property: over a year of days on an injected clock, with random products (fixed or drawn range
 * rates), random principals, start days, terms, early redemptions and random accrual days
 * (catch-up in between), every subscription receives exactly
 *   floor(principal × Σ rate_d over the days it was held)
 * to the base unit, the yield pool gives exactly ceil(…), the difference sits in the rounding
 * account, penalties are ceil(principal × penalty rate) in the fees account, and the books
 * reconcile.
 */
import { Dec } from '@bourse/money';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledger, reconcile } from '../../src/modules/ledger';
import { runAccrual } from '../../src/modules/savings';
import { findSubscription } from '../../src/modules/savings/repo';
import { dayOf } from '../../src/modules/savings/rules';
import { redeemEarly, subscribe } from '../../src/modules/savings/service';
import { DAY, savingsFixture, type SavingsFixture } from './fixture';

let f: SavingsFixture;
beforeAll(async () => {
  f = await savingsFixture('2027-01-01T12:00:00Z');
  await f.fundPool(10n ** 20n);
});
afterAll(async () => {
  await f.close();
});

const subArb = fc.record({
  product: fc.nat({ max: 2 }),
  principal: fc.bigInt({ min: 10_000_000n, max: 1_000_000_000_000n }),
  startDay: fc.nat({ max: 300 }),
  redeemAfter: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
});
const productArb = fc.record({
  term: fc.integer({ min: 1, max: 120 }),
  range: fc.boolean(),
  rateLo: fc.integer({ min: 0, max: 1_000_000 }), // × 1e-8 per day
  rateSpan: fc.integer({ min: 0, max: 1_000_000 }),
  penalty: fc.constantFrom('0', '0.005', '0.0125', '0.2'),
});

it('pays Σ principal × rate × days held to the base unit over a year, residue in rounding', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(productArb, { minLength: 3, maxLength: 3 }),
      fc.array(subArb, { minLength: 1, maxLength: 10 }),
      fc.array(fc.nat({ max: 420 }), { maxLength: 12 }),
      async (productSpecs, subs, extraDays) => {
        const day0 = dayOf(f.clock.now()) + 1;
        const rate = (n: number) => new Dec(n).div(1e8).toFixed();
        const products = [];
        for (const p of productSpecs) {
          const id = await f.product({
            termDays: p.term,
            rateMode: p.range ? 'range' : 'fixed',
            dailyRate: rate(p.rateLo),
            rateMax: rate(p.range ? p.rateLo + p.rateSpan : p.rateLo),
            penaltyRate: p.penalty,
            minAmount: 1n,
            maxAmount: 10n ** 15n,
            totalQuota: 10n ** 18n,
            windowStart: new Date(day0 * DAY - DAY),
            windowEnd: new Date((day0 + 500) * DAY),
          });
          products.push({ id, ...p });
        }
        const users = await Promise.all(subs.map(() => f.user('0')));
        const roundingBefore = await f.system('rounding');
        const poolBefore = await f.system('yield_pool');
        const feesBefore = await f.system('fees');
        // Each user gets exactly the principal, so the final balance is principal ± outcomes.
        for (const [i, s] of subs.entries()) {
          await f.db.transaction().execute(async (trx) => {
            const from = await ledger.systemAccount(trx, 'external', f.usdt.id);
            const to = await ledger.userAccount(trx, users[i]!, f.usdt.id, 2);
            await ledger.transfer(trx, from, to, s.principal, { kind: 'test_credit' }, f.clock.now());
          });
        }

        // Events on a calendar: joins, redemptions, extra accrual days; accrual runs on each.
        type Ev = { day: number; kind: 'join' | 'redeem' | 'tick'; i: number };
        const events: Ev[] = [];
        subs.forEach((s, i) => {
          events.push({ day: s.startDay, kind: 'join', i });
          if (s.redeemAfter !== undefined) events.push({ day: s.startDay + s.redeemAfter, kind: 'redeem', i });
        });
        for (const d of extraDays) events.push({ day: d, kind: 'tick', i: -1 });
        events.push({ day: 430, kind: 'tick', i: -1 });
        const order = { tick: 0, join: 1, redeem: 2 };
        events.sort((a, b) => a.day - b.day || order[a.kind] - order[b.kind]);

        const ids: string[] = [];
        for (const ev of events) {
          const at = new Date((day0 + ev.day) * DAY + 10 * 60_000);
          if (at > f.clock.now()) f.clock.set(at);
          await runAccrual(f.ctx);
          if (ev.kind === 'join') {
            const s = subs[ev.i]!;
            const sub = await subscribe(f.ctx, users[ev.i]!, { productId: products[s.product]!.id, amount: fmt(s.principal) });
            ids[ev.i] = sub.id;
          } else if (ev.kind === 'redeem') {
            const sub = await findSubscription(f.db, ids[ev.i]!);
            if (sub?.status === 'active') await redeemEarly(f.ctx, users[ev.i]!, sub.id);
          }
        }

        let userIncome = 0n;
        let poolOut = 0n;
        let penalties = 0n;
        for (const [i, s] of subs.entries()) {
          const sub = (await findSubscription(f.db, ids[i]!))!;
          const p = products[s.product]!;
          expect(sub.status).not.toBe('active');
          const rows = await f.db.selectFrom('savings_incomes').selectAll().where('subscription_id', '=', sub.id).orderBy('day').execute();
          // Days held: consecutive from the value date; all of the term when matured.
          expect(rows.map((r) => r.day)).toEqual(rows.map((_, k) => sub.startDay + k));
          if (sub.status === 'matured') expect(rows).toHaveLength(p.term);
          else expect(rows.length).toBe(Math.min(p.term, Math.max(0, s.redeemAfter! - 1)));
          // The rates are the recorded ones of the product's days.
          const runs = await f.db.selectFrom('savings_runs').select(['day', 'rate']).where('product_id', '=', p.id).execute();
          const rateOf = new Map(runs.map((r) => [r.day, r.rate]));
          const sumRates = rows.reduce((a, r) => a.add(rateOf.get(r.day)!), new Dec(0));
          const exact = new Dec(s.principal.toString()).mul(sumRates);
          const paid = rows.reduce((a, r) => a + BigInt(r.amount), 0n);
          const fromPool = rows.reduce((a, r) => a + BigInt(r.pool_amount), 0n);
          expect(paid).toBe(BigInt(exact.floor().toFixed(0)));
          expect(fromPool).toBe(BigInt(exact.ceil().toFixed(0)));
          const penalty = sub.status === 'redeemed' ? BigInt(new Dec(s.principal.toString()).mul(p.penalty).ceil().toFixed(0)) : 0n;
          expect(sub.penalty).toBe(penalty);
          expect(await f.userBalance(users[i]!)).toBe(s.principal + paid - penalty);
          userIncome += paid;
          poolOut += fromPool;
          penalties += penalty;
        }
        expect(poolBefore - (await f.system('yield_pool'))).toBe(poolOut);
        expect((await f.system('rounding')) - roundingBefore).toBe(poolOut - userIncome);
        expect((await f.system('fees')) - feesBefore).toBe(penalties);
        expect((await reconcile(f.db)).violations).toEqual([]);
        // Next run starts after this one's calendar.
        f.clock.set(new Date((day0 + 440) * DAY + 12 * 3600_000));
      },
    ),
    { numRuns: 4, seed: 20211 },
  );
});

function fmt(units: bigint): string {
  const s = units.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
}
