/**
 * The scheduler on the real clock: orders that expired while no settler ran settle as soon as it
 * starts; new orders placed in this process wake it at expiry and settle soon after their
 * closing tick is stored (a small feed stores ticks every 200 ms here), not at the idle poll; stop() leaves nothing
 * running.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../src/lib/clock';
import { reconcile } from '../../src/modules/ledger';
import { ContractSettler } from '../../src/modules/contracts';
import { attachSettler, placeOrder } from '../../src/modules/contracts/service';
import type { AppContext } from '../../src/context';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fund, setupProducts, tick } from './fixture';

let t: TestDb;
let ctx: AppContext;
let m: Awaited<ReturnType<typeof setupProducts>>;

beforeAll(async () => {
  t = await openTestDb();
  ctx = { ...testContext(t.db), clock: systemClock };
  m = await setupProducts(ctx);
  await t.db.updateTable('contract_expiries').set({ seconds: 5 }).where('seconds', '=', 30).execute();
});
afterAll(async () => {
  attachSettler(ctx, null);
  await t.close();
});

const status = async (id: string) =>
  await t.db
    .selectFrom('contract_orders')
    .select(['status', 'close_tick_at', 'settled_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

it('settles the backlog on start, then new orders at expiry, and stops cleanly', async () => {
  const user = await createUser(t.db);
  await fund(ctx, user, m.usdt.id, '1000');
  // An order placed a minute ago by a process that then died; its closing tick is stored.
  const past = new ManualClock(new Date(Date.now() - 60_000));
  const pastCtx = testContext(t.db, past);
  await tick(pastCtx, m.btc, '100');
  const old = await placeOrder(pastCtx, user, {
    instrumentId: m.btc,
    currencyId: m.usdt.id,
    direction: 1,
    seconds: 5,
    number: '10',
  });
  await tick(pastCtx, m.btc, '101', new Date(new Date(old.expires_at).getTime() + 300));

  // A long idle poll: a settlement that came from it, not from the wake at expiry, would lag by a minute.
  const settler = new ContractSettler(ctx, { idleMs: 60_000 });
  attachSettler(ctx, settler);
  let feeding = true;
  const feed = (async () => {
    while (feeding) {
      await tick(ctx, m.btc, '102');
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  try {
    settler.start();
    await expect
      .poll(async () => (await status(old.id)).status, { timeout: 20_000, interval: 100 })
      .toBe('won');

    // Three orders expiring at different instants; each settles soon after its closing tick.
    const fresh = [];
    for (let i = 0; i < 3; i++) {
      fresh.push(
        await placeOrder(ctx, user, {
          instrumentId: m.btc,
          currencyId: m.usdt.id,
          direction: 2,
          seconds: 5,
          number: '10',
        }),
      );
      await new Promise((r) => setTimeout(r, 700));
    }
    const lags: number[] = [];
    for (const o of fresh) {
      await expect
        .poll(async () => (await status(o.id)).status, { timeout: 30_000, interval: 100 })
        .not.toBe('open');
      const s = await status(o.id);
      expect(s.close_tick_at!.getTime()).toBeGreaterThanOrEqual(new Date(o.expires_at).getTime());
      expect(s.settled_at!.getTime()).toBeGreaterThanOrEqual(s.close_tick_at!.getTime());
      lags.push(s.settled_at!.getTime() - s.close_tick_at!.getTime());
    }
    console.log(`contracts scheduler: settled ${lags.join(', ')} ms after the closing tick`);
    // Woken at the expiry, not by the idle poll: a loaded CI machine may add seconds (4.8 s seen
    // on PGlite beside the crash tests), an idle-poll settlement would wait up to a minute.
    expect(Math.max(...lags)).toBeLessThan(20_000);
    // The status is visible once the settling transaction commits; the totals count after the
    // pass returns (it also publishes the events), so a loaded machine can be a moment behind.
    await expect.poll(() => settler.totals.settled, { timeout: 10_000, interval: 50 }).toBe(4);
    expect(settler.totals.errors).toBe(0);
  } finally {
    feeding = false;
    await feed;
    await settler.stop();
  }
  expect((await reconcile(t.db)).violations).toEqual([]);
});
