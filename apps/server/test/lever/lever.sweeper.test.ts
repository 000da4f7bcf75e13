/** The sweeper's passes: idle without open positions (cursors catch up, no tick read), then every tick once a position is open. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock';
import type { AppContext } from '../../src/context';
import { LeverSweeper } from '../../src/modules/lever';
import * as repo from '../../src/modules/lever/repo';
import * as svc from '../../src/modules/lever/service';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fundLever, setupLever, tick } from './fixture';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let m: Awaited<ReturnType<typeof setupLever>>;

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-01-05T10:00:00Z');
  ctx = testContext(t.db, clock);
  m = await setupLever(ctx);
});
afterAll(() => t.close());

it('moves the cursors while nothing is open, and closes at the first triggering tick once something is', async () => {
  const sweeper = new LeverSweeper(ctx);
  const first = await tick(ctx, m.btc, '50000');
  await sweeper.pass();
  expect((await repo.cursor(t.db, m.btc))?.tick_id).toBe(first.id);
  clock.advance(1000);
  await tick(ctx, m.btc, '50100');
  await sweeper.pass(); // within the idle interval: nothing moves
  expect((await repo.cursor(t.db, m.btc))?.tick_id).toBe(first.id);

  const u = await createUser(t.db);
  await fundLever(ctx, u, m.usdt.id, '1000');
  const pos = await svc.open(ctx, u, {
    instrument_id: m.btc,
    type: 1,
    multiple: 10,
    number: '0.1',
    target_profit_price: '50500',
  });
  clock.advance(1000);
  const crossing = await tick(ctx, m.btc, '50600');
  clock.advance(1000);
  await tick(ctx, m.btc, '50000');
  await sweeper.pass();
  expect(await svc.detail(ctx, u, pos.id)).toMatchObject({
    status: 'closed',
    exit_reason: 'tp',
    exit_tick_id: crossing.id,
  });
  expect(sweeper.totals).toMatchObject({ closed: 1, errors: 0 });
  await sweeper.stop();
});
