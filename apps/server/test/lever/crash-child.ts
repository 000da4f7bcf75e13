/**
 * Child process of the lever crash test: runs the trigger sweep of one market on the shared
 * database (PGlite data dir CRASH_DATA_DIR, or DATABASE_URL with schema CRASH_SCHEMA) until the
 * parent SIGKILLs it. Each close prints a line, so the parent can kill in the middle of a sweep.
 * With CRASH_DRAIN=1 it sweeps until a pass finds nothing left to do, then exits 0.
 */
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { Realtime } from '../../src/realtime/realtime';
import type { AppContext } from '../../src/context';
import { sweepMarket } from '../../src/modules/lever';
import { loadProducts } from '../../src/modules/lever/products';

const env = process.env;
const handle = await openDatabase({
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir: env.CRASH_DATA_DIR,
  schema: env.CRASH_SCHEMA,
  poolSize: 2,
});
const ctx: AppContext = {
  db: handle.db,
  clock: systemClock,
  config: loadConfig({ DATA_DIR: '/nonexistent' }),
  log: pino({ level: 'silent' }),
  realtime: new Realtime(),
};
const product = (await loadProducts(ctx, { instrumentId: Number(env.CRASH_MARKET) }))[0]!;
process.stdout.write('ready\n');

const totals = { ticks: 0, closed: 0, errors: 0 };
// Written from the sweep itself: PGlite runs on this thread, so a timer might not fire mid-sweep.
const onClose = () => process.stdout.write(`closed ${totals.closed}\n`);
for (;;) {
  const ticks = await sweepMarket(ctx, product, totals, { log: false, onClose, batchSize: 4 });
  if (totals.errors > 0) {
    console.error('sweep errors', totals.errors);
    process.exit(1);
  }
  if (env.CRASH_DRAIN === '1' && ticks === 0) {
    process.stdout.write('drained\n');
    await handle.close();
    process.exit(0);
  }
}
