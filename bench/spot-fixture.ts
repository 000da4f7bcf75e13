/**
 * Shared set-up of the spot benchmarks (spot-http.ts, spot-writer.ts): the real app on PGlite (a
 * temporary data directory on disk) or on PostgreSQL with DATABASE_URL (a schema of its own,
 * dropped afterwards), the BTC/USDT market, funded users with sessions, the order flow (half the
 * orders cross the book), and the CPU of this database's PostgreSQL backends from /proc.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUnits } from '@bourse/money';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { createSession } from '../apps/server/src/modules/sessions';
import { ledger } from '../apps/server/src/modules/ledger';
import { spotEngines } from '../apps/server/src/modules/spot/engines';
import { SPOT_ACCOUNT_TYPE } from '../apps/server/src/modules/spot/types';
import { prepare } from '../apps/server/src/server';
import { dropBenchSchema } from './bench-schema';

/** Keep in step with SERVER_NODE_FLAGS in scripts/start.mjs. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

export const databaseUrl = process.env.DATABASE_URL;

/** The app, its database and the market, ready for orders. */
export async function openSpotBench(users: number) {
  const url = databaseUrl;
  const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), 'bourse-spot-bench-'));
  const handle = await openDatabase({ databaseUrl: url, schema, dataDir, poolSize: 10 });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir ?? '/nonexistent', DEMO_DATA: 'off', MARKET_FEED: 'off', TRUST_PROXY: 'on', LOG_LEVEL: 'warn' }),
    webDist: undefined,
    adminDist: undefined,
  };
  const { app, ctx } = await buildApp({ config, db: handle.db, clock: systemClock, logger: false });
  await prepare(ctx);
  // SPOT_BENCH_SQL=<file>: experiment SQL run in the bench's schema before the market opens
  // (e.g. another version of a function, to compare it with the migrations' in alternating runs).
  const experiment = process.env.SPOT_BENCH_SQL;
  if (experiment) await sql.raw(readFileSync(experiment, 'utf8')).execute(handle.db);
  const market = await spotEngines(ctx).market('BTC/USDT');
  const accounts: Array<{ userId: number; token: string }> = [];
  for (let i = 0; i < users; i++) {
    const u = await ctx.db
      .insertInto('users')
      .values({ email: `bench-${i}-${randomBytes(3).toString('hex')}@example.com`, mobile: null, area_code: null, password_hash: 'x', nickname: `bench ${i}`, invite_code: `B${randomBytes(6).toString('hex')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.transaction().execute(async (trx) => {
      for (const [cur, amount] of [
        [market.quoteCurrencyId, parseUnits('10000000', market.quoteDecimals)],
        [market.baseCurrencyId, parseUnits('100', market.baseDecimals)],
      ] as const) {
        await ledger.transfer(trx, await ledger.systemAccount(trx, 'demo', cur), await ledger.userAccount(trx, u.id, cur, SPOT_ACCOUNT_TYPE), amount, { kind: 'demo_credit', memo: 'bench funding' }, new Date());
      }
    });
    accounts.push({ userId: u.id, token: await createSession(ctx, u.id, { ip: null, userAgent: 'bench' }) });
  }
  async function close(): Promise<void> {
    await spotEngines(ctx).close();
    await app.close();
    await handle.close();
    await dropBenchSchema(url, schema);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return { app, ctx, market, accounts, close };
}

/** The i-th order of the flow: alternately buy and sell around 90,000; about half cross the book. */
export function orderFlow(count: number): Array<{ side: 'buy' | 'sell'; price: number; amount: string }> {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  return Array.from({ length: count }, (_, i) => {
    const buy = i % 2 === 0;
    const offset = Math.floor(rnd() * 4000) - 1000;
    return { side: buy ? 'buy' : 'sell', price: buy ? 90_000 - offset : 90_000 + offset, amount: (0.001 + Math.floor(rnd() * 50) / 10000).toFixed(4) };
  });
}

/**
 * CPU ms of PostgreSQL processes on this machine (/proc; 0 where /proc is missing): all of them
 * (background writers included; other users of the server count too), and only the backends
 * connected to this benchmark's database (their process title names it), which other
 * databases' load does not disturb.
 */
export function postgresCpuMs(): { all: number; own: number } {
  const dbName = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : '';
  let all = 0;
  let own = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(f[11]) + Number(f[12]);
        all += ticks;
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `)) own += ticks;
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return { all: 0, own: 0 };
  }
  return { all: all * 10, own: own * 10 }; // USER_HZ is 100 on Linux
}
