/**
 * Random order flow through the real service, writer and ledger: after every run the book is
 * uncrossed, every fill respects both orders' limits, no order spent more than it froze, finished
 * orders released the rest, the money of the participants plus fees and rounding is conserved per
 * currency, and the journal reconciles.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec, parseUnits } from '@bourse/money';
import type { AppContext } from '../../src/context';
import { reconcile } from '../../src/modules/ledger';
import { spotEngines } from '../../src/modules/spot/engines';
import type { SpotMarket } from '../../src/modules/spot/market';
import { cancelOrder, placeOrder } from '../../src/modules/spot/service';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { balance, fund, systemBalance, tick } from './helpers';

let db: TestDb;
let ctx: AppContext;
let eth: SpotMarket;
const S = 'ETH/USDT';

beforeAll(async () => {
  db = await openTestDb();
  ctx = testContext(db.db);
  eth = await spotEngines(ctx).market(S);
  await tick(ctx, eth, '3000');
});
afterAll(async () => {
  await spotEngines(ctx).close();
  await db.close();
});

type Op =
  | { kind: 'limit'; who: number; side: 'buy' | 'sell'; cents: number; amount: number; tif: 'gtc' | 'ioc' | 'post_only' }
  | { kind: 'market'; who: number; side: 'buy' | 'sell'; amount: number }
  | { kind: 'cancel'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      who: fc.nat(3),
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      cents: fc.integer({ min: 295_000, max: 305_000 }),
      amount: fc.integer({ min: 20, max: 20_000 }),
      tif: fc.constantFrom<'gtc' | 'ioc' | 'post_only'>('gtc', 'gtc', 'ioc', 'post_only'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('market' as const), who: fc.nat(3), side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), amount: fc.integer({ min: 20, max: 5_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

const text = (n: number, places: number) => String(n).padStart(places + 1, '0').replace(new RegExp(`(\\d{${places}})$`), '.$1');

describe('spot: random order flow (property)', () => {
  it('keeps the book uncrossed, fills within limits, funds conserved and the journal balanced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 30 }), fc.boolean(), async (ops, parallel) => {
        const users = await Promise.all([0, 1, 2, 3].map(() => createUser(ctx.db)));
        for (const u of users) {
          await fund(ctx, u, eth.quoteCurrencyId, '20000', eth.quoteDecimals);
          await fund(ctx, u, eth.baseCurrencyId, '5', eth.baseDecimals);
        }
        const feesBefore = [await systemBalance(ctx, 'fees', eth.quoteCurrencyId), await systemBalance(ctx, 'fees', eth.baseCurrencyId)];
        const roundBefore = await systemBalance(ctx, 'rounding', eth.quoteCurrencyId);
        const ids: number[] = [];
        const run = async (o: Op) => {
          try {
            if (o.kind === 'cancel') {
              if (ids.length) await cancelOrder(ctx, null, ids[o.pick % ids.length]!, 'operator');
            } else if (o.kind === 'limit') {
              const r = await placeOrder(ctx, users[o.who]!, { symbol: S, side: o.side, orderType: 'limit', tif: o.tif, price: text(o.cents, 2), amount: text(o.amount, 4) });
              ids.push(Number(r.id));
            } else {
              const r = await placeOrder(ctx, users[o.who]!, { symbol: S, side: o.side, orderType: 'market', tif: 'ioc', amount: text(o.amount, 4) });
              ids.push(Number(r.id));
            }
          } catch (err) {
            // Refusals are part of the flow (balance, post-only, already finished, minimum).
            expect(err).toHaveProperty('code');
          }
        };
        if (parallel) await Promise.all(ops.map(run));
        else for (const o of ops) await run(o);

        const w = await spotEngines(ctx).writer(eth);
        w.book.check();
        const rest = async () => {
          // Leave an empty book for the next run: cancel what rests (releases the freezes).
          for (const u of users) for (const id of w.openOrdersOf(u)) await cancelOrder(ctx, u, id);
        };

        const orders = await ctx.db.selectFrom('spot_orders').selectAll().where('user_id', 'in', users).execute();
        const byId = new Map(orders.map((o) => [o.id, o]));
        for (const o of orders) {
          const spent = BigInt(o.used) + BigInt(o.released);
          expect(spent <= BigInt(o.frozen)).toBe(true);
          if (o.status !== 'open') expect(spent).toBe(BigInt(o.frozen));
          if (o.status === 'filled') expect(o.filled_lots).toBe(o.amount_lots);
          if (o.status === 'open') expect(w.book.get(Number(o.id))?.remaining).toBe(Number(o.amount_lots) - Number(o.filled_lots));
        }
        const trades = await ctx.db
          .selectFrom('spot_trades')
          .selectAll()
          .where((eb) => eb.or([eb('maker_user_id', 'in', users), eb('taker_user_id', 'in', users)]))
          .execute();
        for (const t of trades) {
          const maker = byId.get(t.maker_order_id)!;
          const taker = byId.get(t.taker_order_id)!;
          const price = BigInt(Dec(t.price).mul(100).toFixed(0));
          const lim = (x: typeof maker) => BigInt(x.price_ticks);
          expect(price).toBe(lim(maker));
          // The taker's limit (its protection price for a market order) is respected.
          if (taker.side === 'buy') expect(price <= lim(taker)).toBe(true);
          else expect(price >= lim(taker)).toBe(true);
          expect(maker.side).not.toBe(taker.side);
          expect(t.maker_user_id).not.toBe(t.taker_user_id);
        }

        await rest();
        // Conservation per currency among the participants, fees and rounding; nothing stays frozen.
        let quote = 0n;
        let base = 0n;
        for (const u of users) {
          const q = await balance(ctx, u, eth.quoteCurrencyId);
          const b = await balance(ctx, u, eth.baseCurrencyId);
          expect(q.frozen + b.frozen).toBe(0n);
          quote += q.available;
          base += b.available;
        }
        quote += (await systemBalance(ctx, 'fees', eth.quoteCurrencyId)) - feesBefore[0]! + (await systemBalance(ctx, 'rounding', eth.quoteCurrencyId)) - roundBefore;
        base += (await systemBalance(ctx, 'fees', eth.baseCurrencyId)) - feesBefore[1]!;
        expect(quote).toBe(4n * parseUnits('20000', eth.quoteDecimals));
        expect(base).toBe(4n * parseUnits('5', eth.baseDecimals));
        expect((await reconcile(ctx.db)).ok).toBe(true);
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
