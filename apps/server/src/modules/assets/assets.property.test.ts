/**
 * Property: after any randomized mix of deposits, withdrawals (accepted, refused, rejected,
 * completed), transfers and exchanges, every user balance equals an exact model and the books
 * reconcile (balances = postings, no forbidden negatives, every currency sums to zero).
 */
import fc from 'fast-check';
import { parseUnits } from '@bourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openTestDb, testContext, type TestDb } from '../../../test/helpers';
import type { AppContext } from '../../context';
import { ManualClock } from '../../lib/clock';
import { accountBalance, findUserAccountId, reconcile } from '../ledger';
import { completeWithdrawal, creditDeposit, markWithdrawalSent } from './index';
import { executeQuote, quote } from './exchange';
import * as repo from './repo';
import { transfer } from './transfers';
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal } from './withdrawals';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let cur: { usdt: number; eth: number };
let op: number;
let txSeq = 0;

type Op =
  | { k: 'deposit'; u: number; c: 'usdt' | 'eth'; units: bigint; chain: boolean }
  | { k: 'withdraw'; u: number; units: bigint; outcome: 'reject' | 'complete' | 'leave' }
  | { k: 'transfer'; u: number; from: 1 | 2 | 3 | 4; to: 1 | 2 | 3 | 4; units: bigint }
  | { k: 'exchange'; u: number; dir: 'buy' | 'sell'; units: bigint };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    k: fc.constant('deposit' as const),
    u: fc.nat(2),
    c: fc.constantFrom('usdt' as const, 'eth' as const),
    units: fc.bigInt(1n, 5_000_000_000n),
    chain: fc.boolean(),
  }),
  fc.record({
    k: fc.constant('withdraw' as const),
    u: fc.nat(2),
    units: fc.bigInt(1n, 3_000_000_000n),
    outcome: fc.constantFrom('reject' as const, 'complete' as const, 'leave' as const),
  }),
  fc.record({
    k: fc.constant('transfer' as const),
    u: fc.nat(2),
    from: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
    to: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
    units: fc.bigInt(1n, 2_000_000_000n),
  }),
  fc.record({
    k: fc.constant('exchange' as const),
    u: fc.nat(2),
    dir: fc.constantFrom('buy' as const, 'sell' as const),
    units: fc.bigInt(1n, 1_000_000_000n),
  }),
);

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-11-22T08:00:00Z');
  ctx = testContext(t.db, clock);
  const id = async (name: string, sub = '') =>
    (
      await ctx.db
        .selectFrom('currencies')
        .select('id')
        .where('name', '=', name)
        .where('sub_name', '=', sub)
        .executeTakeFirstOrThrow()
    ).id;
  cur = { usdt: await id('USDT', 'ERC20'), eth: await id('ETH') };
  await ctx.db
    .insertInto('settings')
    .values({ key: 'withdraw_code_required', value: 'false', is_public: false })
    .execute();
  op = (
    await ctx.db
      .insertInto('operators')
      .values({ username: 'prop-op', password_hash: 'x', role: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const cfg = repo.defaultConfig(cur.usdt);
  cfg.withdrawMin = parseUnits('1', 6);
  cfg.withdrawFee = parseUnits('0.5', 6);
  cfg.transferFee = parseUnits('0.01', 6);
  cfg.exchangeSpread = '0.003';
  cfg.exchangeFeeRate = '0.0015';
  await repo.upsertConfig(ctx.db, cfg, clock.now());
});

afterAll(async () => {
  await t.close();
});

async function bal(u: number, c: number, type: number) {
  const a = await findUserAccountId(ctx.db, u, c, type);
  return a === null ? { available: 0n, frozen: 0n } : accountBalance(ctx.db, a);
}

describe('asset centre reconciliation (fast-check)', () => {
  it('balances match the model and the books reconcile after random deposits, withdrawals, transfers and exchanges', async () => {
    let runs = 0;
    let ops = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 10, maxLength: 35 }),
        fc.integer({ min: 1000, max: 5000 }),
        async (list, ethPrice) => {
          runs++;
          clock.advance(60_000);
          const inst = (
            await ctx.db
              .selectFrom('instruments')
              .select('id')
              .where('symbol', '=', 'ETH/USDT')
              .executeTakeFirstOrThrow()
          ).id;
          await ctx.db
            .insertInto('market_ticks')
            .values({
              instrument_id: inst,
              price: String(ethPrice),
              volume: '1',
              at: clock.now(),
              source: 'simulated',
            })
            .execute();
          const users = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
          const addr: number[] = [];
          for (const u of users) {
            addr.push(
              (
                await ctx.db
                  .insertInto('address_book')
                  .values({
                    user_id: u,
                    currency: 'USDT-ERC20',
                    name: 'a',
                    address: '0x' + String(u).padStart(40, '0'),
                    type: '',
                    approve_status: 1,
                    created_at: clock.now(),
                  })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
            );
          }
          // model[user][currency][type] = {available, frozen}
          const model = new Map<string, { available: bigint; frozen: bigint }>();
          const m = (u: number, c: number, type: number) => {
            const k = `${u}:${c}:${type}`;
            if (!model.has(k)) model.set(k, { available: 0n, frozen: 0n });
            return model.get(k)!;
          };
          for (const o of list) {
            ops++;
            const u = users[o.u]!;
            const code = (err: unknown) => (err as { code?: string }).code;
            if (o.k === 'deposit') {
              const c = cur[o.c];
              await ctx.db.transaction().execute((trx) =>
                creditDeposit(
                  ctx,
                  trx,
                  o.chain
                    ? {
                        userId: u,
                        currencyId: c,
                        amount: o.units,
                        source: 'chain',
                        chain: 'ethereum',
                        txHash: `0x${(++txSeq).toString(16).padStart(64, '0')}`,
                        logIndex: 0,
                      }
                    : { userId: u, currencyId: c, amount: o.units, source: 'demo' },
                ),
              );
              m(u, c, 2).available += o.units;
            } else if (o.k === 'withdraw') {
              const amount = (o.units / 1_000_000n + 1n).toString();
              const units = BigInt(amount) * 1_000_000n;
              const acc = m(u, cur.usdt, 2);
              try {
                const w = await requestWithdrawal(ctx, u, {
                  currencyId: cur.usdt,
                  amount,
                  addressId: addr[o.u]!,
                });
                acc.available -= units;
                acc.frozen += units;
                if (o.outcome === 'reject') {
                  await rejectWithdrawal(ctx, op, w.id, 'test');
                  acc.available += units;
                  acc.frozen -= units;
                } else if (o.outcome === 'complete') {
                  await approveWithdrawal(ctx, op, w.id);
                  await markWithdrawalSent(ctx, w.id, `0x${(++txSeq).toString(16).padStart(64, '0')}`, op);
                  await completeWithdrawal(ctx, w.id, op);
                  acc.frozen -= units;
                }
              } catch (err) {
                expect(code(err)).toBe('insufficient_balance');
                expect(acc.available < units).toBe(true);
              }
            } else if (o.k === 'transfer') {
              const from = m(u, cur.usdt, o.from);
              const amount = `${o.units / 1_000_000n}.${(o.units % 1_000_000n).toString().padStart(6, '0')}`;
              try {
                await transfer(ctx, u, { currencyId: cur.usdt, fromType: o.from, toType: o.to, amount });
                from.available -= o.units;
                m(u, cur.usdt, o.to).available += o.units - 10_000n;
              } catch (err) {
                const c = code(err);
                if (o.from === o.to) expect(c).toBe('transfer_same_account');
                else if (o.units <= 10_000n) expect(c).toBe('amount_out_of_range');
                else {
                  expect(c).toBe('insufficient_balance');
                  expect(from.available < o.units).toBe(true);
                }
              }
            } else {
              const [fromC, toC] = o.dir === 'buy' ? [cur.usdt, cur.eth] : [cur.eth, cur.usdt];
              const units = o.dir === 'buy' ? o.units : o.units * 1_000_000_000n; // ETH has 18 decimals
              const decimals = o.dir === 'buy' ? 6 : 18;
              const s = units.toString().padStart(decimals + 1, '0');
              const amount = `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
              let q;
              try {
                q = await quote(ctx, u, { fromCurrencyId: fromC, toCurrencyId: toC, amount });
              } catch (err) {
                expect(code(err)).toBe('exchange_amount_too_small');
                continue;
              }
              try {
                await executeQuote(ctx, u, q.quote_id);
                m(u, fromC, 2).available -= units;
                m(u, toC, 2).available += parseUnits(q.receive, o.dir === 'buy' ? 18 : 6);
              } catch (err) {
                expect(code(err)).toBe('insufficient_balance');
                expect(m(u, fromC, 2).available < units).toBe(true);
              }
            }
          }
          for (const [k, v] of model) {
            const [u, c, type] = k.split(':').map(Number) as [number, number, number];
            expect(await bal(u, c, type)).toEqual(v);
          }
          const r = await reconcile(ctx.db);
          expect(r.violations).toEqual([]);
        },
      ),
      { numRuns: 12, seed: 20261122 },
    );
    console.log(
      `[figure] asset-centre property: ${runs} runs, ${ops} operations, reconciliation held after each run`,
    );
  });
});
