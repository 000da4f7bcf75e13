/**
 * Properties of leveraged trading (docs/product/lever.md):
 * - a close's figures conserve the margin and respect isolated margin and the fund's balance;
 * - randomized workloads of opens, stops, closes, close-alls and price paths swept tick by tick
 *   leave balanced books, frozen margin equal to the open positions' margin, and no position
 *   closed twice;
 * - parallel opens cannot overdraw or pass the position limit; parallel closes credit once.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec, marginTiers } from '@bourse/money';
import { ManualClock } from '../../src/lib/clock';
import type { AppContext } from '../../src/context';
import { reconcile } from '../../src/modules/ledger';
import { sweepMarket } from '../../src/modules/lever';
import { loadProducts } from '../../src/modules/lever/products';
import { settleClose, terms, type Market } from '../../src/modules/lever/rules';
import * as svc from '../../src/modules/lever/service';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fundLever, leverBalance, setupLever, tick } from './fixture';

describe('a close conserves the margin', () => {
  const m: Market = {
    settlement: 'linear',
    tiers: marginTiers([
      { max_notional: '100000', mmr: '0.005' },
      { max_notional: null, mmr: '0.02' },
    ]),
    feeRate: new Dec('0.0005'),
    pricePlaces: 2,
    decimals: 6,
  };
  it('credited + fee + house + insurance = margin; nothing negative the user would owe; the fund stays ≥ 0', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 300 }),
        fc.bigInt({ min: 0n, max: 10_000_000_000n }),
        fc.constantFrom('user' as const, 'tp' as const, 'sl' as const, 'liquidation' as const),
        (side, qtyMilli, leverage, pct, fund, asked) => {
          const qty = new Dec(qtyMilli).div(1000);
          const entry = new Dec(30_000);
          const margin = BigInt(qty.mul(entry).div(leverage).mul(1e6).ceil().toFixed(0));
          const t = terms(m, side, qty, entry, margin);
          const price = entry.mul(pct).div(100).toDecimalPlaces(2);
          const f = settleClose(m, t, margin, price, asked, fund);
          expect(f.credited + f.fee + f.house + f.insurance).toBe(margin);
          expect(f.credited >= 0n && f.fee >= 0n && f.shortfall >= 0n).toBe(true);
          expect(fund + f.insurance >= 0n).toBe(true);
          if (f.reason === 'liquidation') expect(f.credited).toBe(0n);
          else expect(f.insurance).toBe(0n);
          // What the user gets back never exceeds margin + P&L: the platform never pays a loss's fee.
          expect(f.credited <= margin + (f.pnl > 0n ? f.pnl : 0n)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('on the database', () => {
  let t: TestDb;
  let ctx: AppContext;
  let clock: ManualClock;
  let mk: Awaited<ReturnType<typeof setupLever>>;
  const en: svc.Translate = (code) => code;

  beforeAll(async () => {
    t = await openTestDb();
    clock = new ManualClock('2026-01-05T10:00:00Z'); // a Monday
    ctx = testContext(t.db, clock);
    mk = await setupLever(ctx, { insurance: '50' });
  });
  afterAll(() => t.close());

  const op = fc.oneof(
    fc.record({
      kind: fc.constant('open' as const),
      user: fc.nat(2),
      side: fc.constantFrom(1, 2),
      lev: fc.constantFrom(1, 5, 20, 100),
      qty: fc.integer({ min: 1, max: 300 }),
      stops: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('close' as const), user: fc.nat(2), pick: fc.nat(20) }),
    fc.record({ kind: fc.constant('closeAll' as const), user: fc.nat(2), type: fc.constantFrom(0, 1, 2) }),
    fc.record({
      kind: fc.constant('move' as const),
      steps: fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 1, maxLength: 6 }),
    }),
  );

  it('randomized workloads keep the books balanced and every margin accounted for', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        run++;
        const users = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
        for (const u of users) await fundLever(ctx, u, mk.usdt.id, '2000');
        let price = new Dec(50_000);
        clock.advance(3_600_000);
        await tick(ctx, mk.btc, price.toFixed());
        const product = (await loadProducts(ctx, { instrumentId: mk.btc }))[0]!;
        await sweepMarket(ctx, product, { ticks: 0, closed: 0, errors: 0 }, { log: false });
        const opened: string[] = [];
        for (const o of ops) {
          clock.advance(500);
          try {
            if (o.kind === 'open') {
              const stops = o.stops
                ? {
                    target_profit_price: price.mul(o.side === 1 ? 1.02 : 0.98).toFixed(2),
                    stop_loss_price: price.mul(o.side === 1 ? 0.985 : 1.015).toFixed(2),
                  }
                : {};
              opened.push(
                (
                  await svc.open(ctx, users[o.user]!, {
                    instrument_id: mk.btc,
                    type: o.side,
                    multiple: o.lev,
                    number: new Dec(o.qty).div(1000).toFixed(),
                    ...stops,
                    client_key: `r${run}-${opened.length}`,
                  })
                ).id,
              );
            } else if (o.kind === 'close' && opened.length) {
              await svc.closeMany(ctx, users[o.user]!, [opened[o.pick % opened.length]!], en);
            } else if (o.kind === 'closeAll') {
              await svc.closeAll(ctx, users[o.user]!, { type: o.type }, en);
            } else if (o.kind === 'move') {
              for (const bp of o.steps) {
                clock.advance(200);
                price = price.mul(new Dec(10_000 + bp).div(10_000)).toDecimalPlaces(2);
                await tick(ctx, mk.btc, price.toFixed());
              }
              await sweepMarket(ctx, product, { ticks: 0, closed: 0, errors: 0 }, { log: false });
            }
          } catch (err) {
            const code = (err as { code?: string }).code;
            expect([
              'insufficient_balance',
              'lever_position_limit',
              'lever_liquidates_at_once',
              'lever_tp_wrong_side',
              'lever_sl_wrong_side',
            ]).toContain(code);
          }
        }
        expect((await reconcile(t.db)).violations).toEqual([]);
        for (const u of users) {
          const rows = await t.db
            .selectFrom('lever_positions')
            .select(['margin', 'status'])
            .where('user_id', '=', u)
            .execute();
          const openMargin = rows
            .filter((r) => r.status === 'open')
            .reduce((s, r) => s + BigInt(r.margin), 0n);
          expect((await leverBalance(ctx, u, mk.usdt.id)).frozen).toBe(openMargin);
        }
        const keys = await t.db
          .selectFrom('journal_entries')
          .select('idempotency_key')
          .where('idempotency_key', 'like', 'lever:%:close')
          .execute();
        expect(new Set(keys.map((k) => k.idempotency_key)).size).toBe(keys.length);
      }),
      { numRuns: 12 },
    );
  });

  it('parallel opens cannot overdraw or pass the position limit; parallel closes credit once', async () => {
    const u = await createUser(t.db);
    await fundLever(ctx, u, mk.usdt.id, '1000');
    clock.advance(60_000);
    await tick(ctx, mk.btc, '50000');
    // Each open costs 250 + fee: at most three fit in 1,000.
    const opens = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        svc.open(ctx, u, { instrument_id: mk.btc, type: 1, multiple: 20, number: '0.1' }),
      ),
    );
    const ok = opens.filter((r) => r.status === 'fulfilled');
    expect(ok.length).toBe(3);
    for (const r of opens)
      if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('insufficient_balance');
    const b = await leverBalance(ctx, u, mk.usdt.id);
    expect(b.available >= 0n && b.frozen === 750_000_000n).toBe(true);

    const rich = await createUser(t.db);
    await fundLever(ctx, rich, mk.usdt.id, '1000000');
    const limited = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        svc.open(ctx, rich, { instrument_id: mk.btc, type: 2, multiple: 10, number: '3' }),
      ),
    );
    expect(limited.filter((r) => r.status === 'fulfilled').length).toBe(3); // limit 10 BTC
    const id = (ok[0] as PromiseFulfilledResult<{ id: string }>).value.id;
    const closes = await Promise.allSettled(Array.from({ length: 6 }, () => svc.close(ctx, u, id)));
    expect(closes.filter((r) => r.status === 'fulfilled').length).toBe(1);
    expect((await leverBalance(ctx, u, mk.usdt.id)).frozen).toBe(500_000_000n);
    expect((await reconcile(t.db)).violations).toEqual([]);
  });
});
