/**
 * Crash test: a child process runs daily accrual (small chunks, many commits) on the shared
 * database and is SIGKILLed at random moments 20 times, then a last run drains what is due.
 * Afterwards every subscription has exactly one income per day it was due (consecutive days,
 * one journal entry each, keyed by subscription and day), every matured subscription got its
 * principal back once, and the books reconcile.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../src/context';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database';
import { ManualClock } from '../../src/lib/clock';
import { ledger, reconcile } from '../../src/modules/ledger';
import { ensureBaseCurrencies, listCurrencies } from '../../src/modules/market';
import { insertProduct } from '../../src/modules/savings/repo';
import { dayOf } from '../../src/modules/savings/rules';
import { subscribe } from '../../src/modules/savings/service';
import { createUser, pgliteTemplate, testConfig, testContext } from '../helpers';
import { bundleChild } from '../child-bundle';

const KILLS = 20;
const DAY = 86_400_000;
const url = process.env.DATABASE_URL;
const dir = url ? undefined : mkdtempSync(join(tmpdir(), 'savings-crash-'));
const schema = url ? `crash_${randomBytes(4).toString('hex')}` : undefined;
const START = new Date('2026-02-01T09:00:00Z');
// 40 days later: up to 39 days due per subscription (terms 20 and 60: some mature, some not).
const NOW = new Date(START.getTime() + 40 * DAY);
const childEnv: Record<string, string> = { CRASH_NOW: NOW.toISOString() };

/** The first open (empty data dir) starts from the migrated PGlite template. */
async function open(first = false): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: url, dataDir: dir, schema, loadDataDir: first && !url ? await pgliteTemplate() : undefined });
}

let childScript = '';

beforeAll(async () => {
  childScript = await bundleChild(join(import.meta.dirname, 'crash-child.ts'));
  const h = await open(true);
  await migrate(h.db);
  await ensureBaseCurrencies(h.db);
  const clock = new ManualClock(START);
  const ctx: AppContext = testContext(h.db, clock, testConfig({ demoData: false }));
  const usdt = (await listCurrencies(h.db)).find((c) => c.name === 'USDT' && c.sub_name === 'ERC20')!;
  const base = {
    kind: 'savings' as const,
    currencyId: usdt.id,
    rateMode: 'fixed' as const,
    minAmount: 1n,
    maxAmount: 10n ** 15n,
    totalQuota: 10n ** 18n,
    windowStart: new Date(START.getTime() - DAY),
    windowEnd: new Date(START.getTime() + 100 * DAY),
    penaltyRate: '0.01',
    earlyRedeem: true,
    forfeitIncome: false,
    status: 1,
    sort: 0,
  };
  const products = [
    await insertProduct(h.db, { ...base, names: { en: 'Crash A' }, termDays: 20, dailyRate: '0.00123457', rateMax: '0.00123457', payout: 'account' }, START),
    await insertProduct(h.db, { ...base, names: { en: 'Crash B' }, termDays: 60, dailyRate: '0.0002', rateMax: '0.0009', rateMode: 'range', payout: 'account' }, START),
    await insertProduct(h.db, { ...base, names: { en: 'Crash C' }, termDays: 60, dailyRate: '0.0007', rateMax: '0.0007', payout: 'compound' }, START),
  ];
  await h.db.transaction().execute(async (trx) => {
    const house = await ledger.systemAccount(trx, 'house', usdt.id);
    const pool = await ledger.systemAccount(trx, 'yield_pool', usdt.id);
    await ledger.transfer(trx, house, pool, 10n ** 15n, { kind: 'test_fund' }, START);
  });
  for (let i = 0; i < 24; i++) {
    const user = await createUser(h.db);
    await h.db.transaction().execute(async (trx) => {
      const from = await ledger.systemAccount(trx, 'external', usdt.id);
      const to = await ledger.userAccount(trx, user, usdt.id, 2);
      await ledger.transfer(trx, from, to, 10n ** 12n, { kind: 'test_credit' }, START);
    });
    for (let k = 0; k < 5; k++) {
      // Joins spread over the first days, so subscriptions are due for different days.
      clock.set(new Date(START.getTime() + ((i + k) % 4) * DAY));
      await subscribe(ctx, user, { productId: products[(i + k) % 3]!, amount: `${100 + i * 7 + k}.${String(i * 31 + k).padStart(3, '0')}` });
    }
  }
  await h.close();
  if (dir) childEnv.CRASH_DATA_DIR = dir;
  if (schema) childEnv.CRASH_SCHEMA = schema;
}, 120_000);

afterAll(async () => {
  if (childScript) rmSync(childScript, { force: true });
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (url && schema) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  }
});

function child(extra: Record<string, string>) {
  const proc = spawn(process.execPath, [childScript], {
    env: { ...process.env, ...childEnv, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('ready') || out.includes('drained')) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
    void exited.then((code) => {
      clearInterval(timer);
      if (!out.includes('ready') && !out.includes('drained')) reject(new Error(`child exited ${code} before ready: ${err}`));
    });
  });
  return { proc, ready, exited, output: () => out, errors: () => err };
}

it('pays each subscription exactly once per day across 20 SIGKILLs during accrual', async () => {
  const progress: number[] = [];
  for (let i = 0; i < KILLS; i++) {
    const c = child({});
    await c.ready;
    // A random moment inside the accrual loop, after its first committed chunk (chunks of 7
    // subscriptions per transaction): mid-transaction, mid-commit or between chunks.
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 300)));
    c.proc.kill('SIGKILL');
    expect(await c.exited, c.errors()).toBeNull();
    if (i === 0) console.log(`child timings: ${c.output().split('\n').slice(0, 2).join(' ')}`);
    // Incomes this life committed (reported after each commit) before it was killed.
    progress.push([...c.output().matchAll(/^paid (\d+)$/gm)].reduce((a, m) => a + Number(m[1]), 0));
  }
  const last = child({ CRASH_DRAIN: '1' });
  await last.ready;
  expect(await last.exited, last.errors()).toBe(0);

  const h = await open();
  try {
    const dueDay = dayOf(NOW.getTime() - 5 * 60_000) - 1;
    const subs = await h.db.selectFrom('savings_subscriptions').selectAll().execute();
    expect(subs).toHaveLength(120);
    for (const s of subs) {
      const expectedDays = Math.min(s.end_day, dueDay + 1) - s.start_day;
      const rows = await h.db.selectFrom('savings_incomes').select(['day', 'entry_id', 'amount']).where('subscription_id', '=', s.id).orderBy('day').execute();
      expect(rows.map((r) => r.day)).toEqual(Array.from({ length: expectedDays }, (_, k) => s.start_day + k));
      expect(s.next_day).toBe(s.start_day + expectedDays);
      expect(s.status).toBe(s.end_day <= dueDay + 1 ? 'matured' : 'active');
      const paid = rows.reduce((a, r) => a + BigInt(r.amount), 0n);
      expect(BigInt(s.income_paid)).toBe(paid);
    }
    // One journal entry per (subscription, day), and the income rows point at them.
    const entries = await sql<{ n: string; keys: string }>`
      select count(*) as n, count(distinct idempotency_key) as keys from journal_entries where kind = 'savings_income'`.execute(h.db);
    const incomes = await sql<{ n: string; linked: string }>`
      select count(*) as n, count(entry_id) as linked from savings_incomes`.execute(h.db);
    expect(entries.rows[0]!.n).toBe(entries.rows[0]!.keys);
    expect(entries.rows[0]!.n).toBe(incomes.rows[0]!.linked);
    const mismatched = await sql<{ n: string }>`
      select count(*) as n from savings_incomes i join journal_entries e on e.id = i.entry_id
       where e.idempotency_key <> 'savings:' || i.subscription_id || ':income:' || i.day`.execute(h.db);
    expect(mismatched.rows[0]!.n).toBe('0');
    const maturities = await sql<{ n: string; subs: string }>`
      select count(*) as n, count(distinct ref_id) as subs from journal_entries where kind = 'savings_maturity'`.execute(h.db);
    const matured = subs.filter((s) => s.status === 'matured').length;
    expect(Number(maturities.rows[0]!.n)).toBe(matured);
    expect(Number(maturities.rows[0]!.subs)).toBe(matured);
    expect((await reconcile(h.db)).violations).toEqual([]);
    console.log(`savings crash test: ${KILLS} kills; incomes committed by each killed life: ${progress.join(',')}; total ${incomes.rows[0]!.n}; matured ${matured}`);
  } finally {
    await h.close();
  }
}, 900_000);
