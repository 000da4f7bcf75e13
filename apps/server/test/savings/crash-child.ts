/**
 * Child process of the savings crash test: opens the shared database (PGlite data dir
 * CRASH_DATA_DIR, or DATABASE_URL with schema CRASH_SCHEMA) with the clock at CRASH_NOW and runs
 * accrual in small chunks, again and again, until the parent SIGKILLs it. With CRASH_DRAIN=1 it
 * runs accrual once to the end and exits 0.
 */
import pino from 'pino';
import { loadConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import { openDatabase } from '../../src/db/database';
import { ManualClock } from '../../src/lib/clock';
import { runAccrual } from '../../src/modules/savings/accrual';
import { Realtime } from '../../src/realtime/realtime';

const env = process.env;
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.CRASH_DATA_DIR, schema: env.CRASH_SCHEMA, poolSize: 2 });
const ctx: AppContext = {
  db: handle.db,
  clock: new ManualClock(env.CRASH_NOW),
  config: loadConfig({ DATA_DIR: '/nonexistent' }),
  log: pino({ level: 'silent' }),
  realtime: new Realtime(),
};

try {
  if (env.CRASH_DRAIN === '1') {
    const r = await runAccrual(ctx);
    process.stdout.write(`drained ${JSON.stringify(r)}\n`);
    await handle.close();
    process.exit(0);
  }
  process.stdout.write(`opened ${process.uptime()}\n`);
  let told = false;
  for (;;) {
    await runAccrual(ctx, {
      chunk: 7,
      onChunk: (paid) => {
        if (!told) process.stdout.write(`ready ${process.uptime()}\n`);
        told = true;
        // After each commit: the parent counts what every life committed before its kill.
        process.stdout.write(`paid ${paid}\n`);
      },
    });
  }
} catch (err) {
  console.error(err);
  process.exit(1);
}
