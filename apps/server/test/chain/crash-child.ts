/**
 * Child process of crash.test.ts: runs the EVM watcher and signer on the shared database
 * (PGlite data dir or a PostgreSQL schema) until it is killed.
 */
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { custody } from '../../src/modules/assets';
import { buildEvmRuntime } from '../../src/modules/chain/runtime';
import { Realtime } from '../../src/realtime/realtime';

const env = process.env;
const t0 = performance.now();
const handle = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  schema: env.DATABASE_URL ? env.DB_SCHEMA : undefined,
  dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
  poolSize: 4,
});
const tDb = performance.now();
const config = loadConfig(env);
const ctx = {
  db: handle.db,
  clock: systemClock,
  config,
  log: pino({ level: 'silent' }),
  realtime: new Realtime(),
};
const rt = (await buildEvmRuntime(ctx, custody, undefined, { signerBatch: 1 }))!;
process.stdout.write(
  `timing imports+db=${Math.round(tDb - t0)}ms runtime=${Math.round(performance.now() - tDb)}ms\n`,
);
process.stdout.write('ready\n');

for (;;) {
  const r = await rt.watcher.tick().catch((err: unknown) => {
    process.stdout.write(`watcher error ${String(err)}\n`);
    return null;
  });
  await rt.signer!.tick().catch((err: unknown) => process.stdout.write(`signer error ${String(err)}\n`));
  if (r)
    process.stdout.write(
      `tick head=${r.head} cursor=${r.cursor} observed=${r.observed} credited=${r.credited}\n`,
    );
  await new Promise((resolve) => setTimeout(resolve, config.chain.pollMs));
}
