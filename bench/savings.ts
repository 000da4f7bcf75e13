/**
 * Savings accrual: one day of income for N subscriptions (default 100,000) over 4 products
 * (fixed and range rates, payout to the account and compounding), in chunks of 500 per
 * transaction: one guarded bulk update, one journal entry per subscription, one bulk insert of
 * income rows. Prints seconds and subscriptions per second, runs a second (idempotent) pass,
 * and checks the books. PGlite in memory by default; DATABASE_URL for PostgreSQL (own schema).
 *
 *   npx tsx bench/savings.ts [subscriptions, default 100000] [chunk, default 500]
 *
 * Set-up (bench only): subscriptions are inserted in bulk and their principal moved by one
 * journal entry per user, which leaves the books as if each had joined one by one.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { sql } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ManualClock } from '../apps/server/src/lib/clock';
import { ledger, reconcile } from '../apps/server/src/modules/ledger';
import { ensureBaseCurrencies, listCurrencies } from '../apps/server/src/modules/market';
import { runAccrual } from '../apps/server/src/modules/savings/accrual';
import { insertProduct } from '../apps/server/src/modules/savings/repo';
import { dayOf } from '../apps/server/src/modules/savings/rules';
import { Realtime } from '../apps/server/src/realtime/realtime';
import { dropBenchSchema } from './bench-schema';

const N = Number(process.argv[2] ?? 100_000);
const CHUNK = Number(process.argv[3] ?? 500);
const USERS = 1000;
const DAY = 86_400_000;
const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const handle = await openDatabase({ databaseUrl: url, schema });
const db = handle.db;
await migrate(db);
await ensureBaseCurrencies(db);
const start = new Date('2026-06-01T10:00:00Z');
const clock = new ManualClock(start);
const ctx: AppContext = { db, clock, config: loadConfig({ DATA_DIR: '/nonexistent' }), log: pino({ level: 'silent' }), realtime: new Realtime() };
const usdt = (await listCurrencies(db)).find((c) => c.name === 'USDT' && c.sub_name === 'ERC20')!;

const base = {
  kind: 'savings' as const,
  currencyId: usdt.id,
  termDays: 30,
  minAmount: 1n,
  maxAmount: 10n ** 15n,
  totalQuota: 10n ** 20n,
  windowStart: new Date(start.getTime() - DAY),
  windowEnd: new Date(start.getTime() + 100 * DAY),
  penaltyRate: '0.01',
  earlyRedeem: true,
  forfeitIncome: false,
  status: 1,
  sort: 0,
};
const products = [
  await insertProduct(db, { ...base, names: { en: 'Bench fixed' }, rateMode: 'fixed', dailyRate: '0.00031', rateMax: '0.00031', payout: 'account' }, start),
  await insertProduct(db, { ...base, names: { en: 'Bench range' }, rateMode: 'range', dailyRate: '0.0002', rateMax: '0.0006', payout: 'account' }, start),
  await insertProduct(db, { ...base, names: { en: 'Bench compound' }, rateMode: 'fixed', dailyRate: '0.00035', rateMax: '0.00035', payout: 'compound' }, start),
  await insertProduct(db, { ...base, kind: 'machine', names: { en: 'Bench machine' }, rateMode: 'range', dailyRate: '0.0001', rateMax: '0.0009', payout: 'account' }, start),
];

let t = performance.now();
const users: Array<{ id: number; account: number }> = [];
await db.transaction().execute(async (trx) => {
  const ext = await ledger.systemAccount(trx, 'external', usdt.id);
  const house = await ledger.systemAccount(trx, 'house', usdt.id);
  const pool = await ledger.systemAccount(trx, 'yield_pool', usdt.id);
  await ledger.transfer(trx, house, pool, 10n ** 18n, { kind: 'bench_fund' }, start);
  const rows = await trx
    .insertInto('users')
    .values(Array.from({ length: USERS }, (_, i) => ({ email: `bench-${i}-${schema ?? 'mem'}@example.com`, mobile: null, area_code: null, password_hash: 'x', nickname: `bench ${i}`, invite_code: `SB${i}${Date.now()}` })))
    .returning('id')
    .execute();
  for (const r of rows) {
    const account = await ledger.userAccount(trx, r.id, usdt.id, 2);
    await ledger.transfer(trx, ext, account, 10n ** 15n, { kind: 'bench_fund' }, start);
    users.push({ id: r.id, account });
  }
});
// Subscriptions in bulk: principal 100.000001 … (varies), joined the day before the value date.
const startDay = dayOf(start) + 1;
const perUser = new Map<number, bigint>();
const principalOf = (i: number) => 100_000_000n + BigInt((i * 7919) % 900_000_000);
for (let i = 0; i < N; i += 5000) {
  const n = Math.min(5000, N - i);
  const idx = Array.from({ length: n }, (_, k) => i + k);
  for (const k of idx) perUser.set(k % USERS, (perUser.get(k % USERS) ?? 0n) + principalOf(k));
  await sql`
    insert into savings_subscriptions (user_id, product_id, currency_id, account_type, account_id, principal, balance, start_day, end_day, next_day, created_at)
    select v.uid, v.pid, ${usdt.id}, 2, v.acct, v.p, v.p, ${startDay}, ${startDay + 30}, ${startDay}, ${start}
      from unnest(${idx.map((k) => users[k % USERS]!.id)}::integer[], ${idx.map((k) => products[k % products.length]!)}::integer[],
                  ${idx.map((k) => users[k % USERS]!.account)}::integer[], ${idx.map((k) => principalOf(k).toString())}::numeric[]) as v(uid, pid, acct, p)`.execute(db);
}
await db.transaction().execute(async (trx) => {
  const pool = await ledger.systemAccount(trx, 'savings_pool', usdt.id);
  for (const [u, total] of perUser) {
    await ledger.transfer(trx, users[u]!.account, pool, total, { kind: 'savings_subscribe', memo: 'bench: bulk joins' }, start);
  }
});
const setupMs = performance.now() - t;

// Day 1 income is due at 00:05 UTC of the next day.
clock.set(new Date((startDay + 1) * DAY + 10 * 60_000));
t = performance.now();
const r1 = await runAccrual(ctx, { chunk: CHUNK });
const dayMs = performance.now() - t;
t = performance.now();
const r2 = await runAccrual(ctx, { chunk: CHUNK });
const rerunMs = performance.now() - t;
t = performance.now();
const check = await reconcile(db);
const reconcileMs = performance.now() - t;

const paid = await sql<{ n: string; total: string }>`select count(*) as n, sum(amount) as total from savings_incomes`.execute(db);
console.log(
  JSON.stringify(
    {
      database: url ? 'postgresql' : 'pglite (memory)',
      cpus: cpus().length,
      subscriptions: N,
      chunk: CHUNK,
      setup_s: +(setupMs / 1000).toFixed(1),
      accrual_day_s: +(dayMs / 1000).toFixed(2),
      subscriptions_per_s: Math.round((r1.paid / dayMs) * 1000),
      paid: r1.paid,
      rerun_paid: r2.paid,
      rerun_s: +(rerunMs / 1000).toFixed(2),
      income_rows: Number(paid.rows[0]!.n),
      reconcile_ok: check.ok,
      reconcile_s: +(reconcileMs / 1000).toFixed(1),
    },
    null,
    2,
  ),
);
await handle.close();
await dropBenchSchema(url, schema);
