/**
 * Ledger benchmark: transfers per second through ledger.post (one transaction each, and batched
 * 500 per transaction), and the time of a full reconciliation afterwards. Prints figures; run
 * with `npm run bench` (PGlite in memory) or with DATABASE_URL set (PostgreSQL, own schema).
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ensureBaseCurrencies } from '../apps/server/src/modules/market';
import { ledger, reconcile } from '../apps/server/src/modules/ledger';
import { dropBenchSchema } from './bench-schema';

const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const handle = await openDatabase({ databaseUrl: url, schema });
const db = handle.db;
await migrate(db);
await ensureBaseCurrencies(db);
const at = new Date();

const user = await db
  .insertInto('users')
  .values({ email: `bench-${schema ?? 'mem'}@example.com`, mobile: null, area_code: null, password_hash: 'x', nickname: 'bench', invite_code: `B${Date.now()}` })
  .returning('id')
  .executeTakeFirstOrThrow();
const { a, b, ext } = await db.transaction().execute(async (trx) => ({
  a: await ledger.userAccount(trx, user.id, 1, 1),
  b: await ledger.userAccount(trx, user.id, 1, 2),
  ext: await ledger.systemAccount(trx, 'external', 1),
}));
await db.transaction().execute(async (trx) => {
  await ledger.transfer(trx, ext, a, 10n ** 20n, { kind: 'bench_fund' }, at);
  await ledger.transfer(trx, ext, b, 10n ** 20n, { kind: 'bench_fund' }, at);
});

function rate(n: number, ms: number) {
  return `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;
}

const single = 2000;
let t = performance.now();
for (let i = 0; i < single; i++) {
  await db.transaction().execute((trx) => ledger.transfer(trx, i % 2 ? a : b, i % 2 ? b : a, 1n, { kind: 'bench' }, at));
}
const singleMs = performance.now() - t;

const batches = 20;
const perBatch = 500;
t = performance.now();
for (let k = 0; k < batches; k++) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < perBatch; i++) await ledger.transfer(trx, a, b, 1n, { kind: 'bench' }, at);
  });
}
const batchMs = performance.now() - t;

t = performance.now();
const check = await reconcile(db);
const reconcileMs = performance.now() - t;

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(`database: ${url ? 'PostgreSQL' : 'PGlite (in memory)'}`);
console.log(`ledger transfer, one transaction each: ${rate(single, singleMs)} (${single} in ${Math.round(singleMs)} ms)`);
console.log(`ledger transfer, ${perBatch} per transaction: ${rate(batches * perBatch, batchMs)} (${batches * perBatch} in ${Math.round(batchMs)} ms)`);
console.log(`reconciliation of ${check.entries} entries / ${check.postings} postings: ${Math.round(reconcileMs)} ms, ok=${check.ok}`);

await handle.close();
await dropBenchSchema(url, schema);
