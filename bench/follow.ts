/**
 * Copy-trading mirror: one lead position mirrored to N followers (default 10,000), every copy
 * committed (an ordinary leverage position of the follower, opened through the lever service with
 * its client key, and the copy recorded), then the lead's close mirrored to every copy.
 * PGlite in memory by default; DATABASE_URL for PostgreSQL (own schema, dropped afterwards).
 *
 *   npx tsx bench/follow.ts [followers, default 10000]
 *
 * Set-up (bench only): followers are inserted in bulk, each funded by one journal entry.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import pino from 'pino';
import { ACCOUNT_TYPES } from '@bourse/contract';
import { parseUnits } from '@bourse/money';
import type {} from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ManualClock } from '../apps/server/src/lib/clock';
import { ledger, reconcile } from '../apps/server/src/modules/ledger';
import { ensureBaseCurrencies, findInstrument } from '../apps/server/src/modules/market';
import { insertTicks } from '../apps/server/src/modules/market/ticks';
import { validProduct } from '../apps/server/src/modules/lever/admin-service';
import * as lever from '../apps/server/src/modules/lever/service';
import * as leverRepo from '../apps/server/src/modules/lever/repo';
import { mirrorPass } from '../apps/server/src/modules/follow';
import * as followRepo from '../apps/server/src/modules/follow/repo';
import { Realtime } from '../apps/server/src/realtime/realtime';
import { dropBenchSchema } from './bench-schema';

const N = Number(process.argv[2] ?? 10_000);
const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const handle = await openDatabase({ databaseUrl: url, schema });
const db = handle.db;
await migrate(db);
await ensureBaseCurrencies(db);
const clock = new ManualClock('2026-11-23T08:00:00Z');
const ctx: AppContext = {
  db,
  clock,
  config: loadConfig({ DATA_DIR: '/nonexistent' }),
  log: pino({ level: 'silent' }),
  realtime: new Realtime(),
};
const usdt = await db
  .selectFrom('currencies')
  .select(['id', 'decimals'])
  .where('name', '=', 'USDT')
  .where('sub_name', '=', 'ERC20')
  .executeTakeFirstOrThrow();
const btc = (await findInstrument(db, 'BTC/USDT'))!;
const product = await validProduct(ctx, {
  instrument_id: btc.id,
  status: 1,
  leverages: [10],
  fee_rate: '0.0005',
  min_qty: '0.001',
  qty_step: '0.001',
  max_position_qty: '100',
  tiers: [{ max_notional: null, mmr: '0.005' }],
});
await leverRepo.upsertProduct(db, { ...product, updated_at: clock.now() });

let t0 = performance.now();
const insertUsers = async (from: number, count: number) =>
  db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, k) => ({
        email: `bench-${from + k}@example.com`,
        mobile: null,
        area_code: null,
        password_hash: 'x',
        nickname: `Bench ${from + k}`,
        invite_code: `B${from + k}`,
      })),
    )
    .returning('id')
    .execute();
const [leadRow] = await insertUsers(0, 1);
const followers: number[] = [];
for (let k = 0; k < N; k += 1000)
  followers.push(...(await insertUsers(1 + k, Math.min(1000, N - k))).map((r) => r.id));
for (const id of [leadRow!.id, ...followers]) {
  await db.transaction().execute(async (trx) => {
    const demo = await ledger.systemAccount(trx, 'demo', usdt.id);
    const acct = await ledger.userAccount(trx, id, usdt.id, ACCOUNT_TYPES.lever);
    await ledger.transfer(
      trx,
      demo,
      acct,
      parseUnits('1000', usdt.decimals),
      { kind: 'bench_credit' },
      clock.now(),
    );
  });
}
await followRepo.insertTrader(db, {
  user_id: leadRow!.id,
  status: 'approved',
  share_rate: '0.1',
  applied_at: clock.now(),
});
for (let k = 0; k < N; k += 1000) {
  await db
    .insertInto('follows')
    .values(
      followers
        .slice(k, k + 1000)
        .map((f) => ({
          follower_id: f,
          trader_id: leadRow!.id,
          mode: 'amount',
          number: '50',
          max_per_copy: '50000000',
          share_rate: '0.1',
          started_at: clock.now(),
        })),
    )
    .execute();
}
await insertTicks(db, [
  { instrument_id: btc.id, price: '50000', volume: '1', at: clock.now(), source: 'simulated' },
]);
const totals = { passes: 0, copied: 0, closed: 0, errors: 0 };
await mirrorPass(ctx, totals); // the cursor
const setupMs = performance.now() - t0;

clock.advance(1000);
await insertTicks(db, [
  { instrument_id: btc.id, price: '50000', volume: '1', at: clock.now(), source: 'simulated' },
]);
const pos = await lever.open(ctx, leadRow!.id, {
  instrument_id: btc.id,
  type: 1,
  multiple: 10,
  number: '0.1',
});
t0 = performance.now();
await mirrorPass(ctx, totals);
const openMs = performance.now() - t0;
const placed = await db
  .selectFrom('follow_copies')
  .select(db.fn.countAll<string>().as('n'))
  .where('status', '=', 'placed')
  .executeTakeFirstOrThrow();

clock.advance(1000);
await insertTicks(db, [
  { instrument_id: btc.id, price: '50500', volume: '1', at: clock.now(), source: 'simulated' },
]);
await lever.close(ctx, leadRow!.id, pos.id);
t0 = performance.now();
await mirrorPass(ctx, totals);
const closeMs = performance.now() - t0;
const rec = await reconcile(db);

console.log(
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node.js ${process.version}; ${handle.kind}; set-up of ${N} followers: ${(setupMs / 1000).toFixed(1)} s`,
);
console.log('| step | copies | time | per second |');
console.log('|---|---|---|---|');
console.log(
  `| one lead position mirrored (copies opened and recorded) | ${placed.n} | ${(openMs / 1000).toFixed(2)} s | ${Math.round(Number(placed.n) / (openMs / 1000))} |`,
);
console.log(
  `| the lead's close mirrored (copies closed, profit shares settled) | ${totals.closed} | ${(closeMs / 1000).toFixed(2)} s | ${Math.round(totals.closed / (closeMs / 1000))} |`,
);
console.log(
  `books reconcile: ${rec.ok ? 'yes' : `NO ${JSON.stringify(rec.violations.slice(0, 3))}`}; mirror errors: ${totals.errors}`,
);
await handle.close();
await dropBenchSchema(url, schema);
