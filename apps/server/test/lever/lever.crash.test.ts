/**
 * Crash test: a child process sweeps a stored price path over 600 open positions (liquidation,
 * stop-loss and take-profit prices all around it); it is SIGKILLed in the middle of its sweep 20
 * times and restarted on the same database. A last run drains the sweep. Afterwards every
 * position is closed at most once (one close entry), each triggered position closed at the first
 * tick that triggers it for the reason the rules give, the others are still open, frozen margin
 * equals the open positions' margin, and the books reconcile.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Dec } from '@bourse/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database';
import { ManualClock } from '../../src/lib/clock';
import { ensureBaseCurrencies } from '../../src/modules/market';
import { insertTicks } from '../../src/modules/market/ticks';
import { reconcile } from '../../src/modules/ledger';
import * as svc from '../../src/modules/lever/service';
import { firstTrigger } from '../../src/modules/lever/sweep';
import * as repo from '../../src/modules/lever/repo';
import { createUser, pgliteTemplate, testContext } from '../helpers';
import { bundleChild } from '../child-bundle';
import { fundLever, leverBalance, setupLever } from './fixture';

const KILLS = 20;
const POSITIONS = 600;
const url = process.env.DATABASE_URL;
const dir = url ? undefined : mkdtempSync(join(tmpdir(), 'lever-crash-'));
const schema = url ? `crash_${randomBytes(4).toString('hex')}` : undefined;
const childEnv: Record<string, string> = {};
let childScript = '';
const users: number[] = [];
let market = 0;
let currencyId = 0;

async function open(first = false): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: url,
    dataDir: dir,
    schema,
    loadDataDir: first && !url ? await pgliteTemplate() : undefined,
  });
}

beforeAll(async () => {
  childScript = await bundleChild(join(import.meta.dirname, 'crash-child.ts'));
  const h = await open(true);
  await migrate(h.db);
  await ensureBaseCurrencies(h.db);
  const clock = new ManualClock(new Date(Date.now() - 3_600_000));
  const ctx = testContext(h.db, clock);
  const m = await setupLever(ctx, { insurance: '100' });
  market = m.btc;
  currencyId = m.usdt.id;
  for (let i = 0; i < 6; i++) {
    const u = await createUser(h.db);
    await fundLever(ctx, u, m.usdt.id, '10000000');
    users.push(u);
  }
  let seed = 11;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
  await insertTicks(h.db, [
    { instrument_id: m.btc, price: '50000', volume: '1', at: clock.now(), source: 'simulated' },
  ]);
  const first = await repo.cursor(h.db, m.btc);
  expect(first).toBeUndefined();
  for (let i = 0; i < POSITIONS; i++) {
    const side = rnd() < 0.5 ? 1 : 2;
    const s = side === 1 ? 1 : -1;
    const tp = 50000 * (1 + s * (0.005 + rnd() * 0.05));
    const sl = 50000 * (1 - s * (0.005 + rnd() * 0.05));
    await svc.open(ctx, users[i % users.length]!, {
      instrument_id: m.btc,
      type: side,
      multiple: [5, 10, 20, 50, 100][Math.floor(rnd() * 5)]!,
      number: (0.001 * (1 + Math.floor(rnd() * 50))).toFixed(3),
      ...(rnd() < 0.7 ? { target_profit_price: tp.toFixed(2) } : {}),
      ...(rnd() < 0.7 ? { stop_loss_price: sl.toFixed(2) } : {}),
    });
  }
  // The sweep starts from the tick the positions opened at; then a stored path of 300 ticks.
  await repo.saveCursor(
    h.db,
    m.btc,
    (
      await h.db
        .selectFrom('market_ticks')
        .select('id')
        .where('instrument_id', '=', m.btc)
        .executeTakeFirstOrThrow()
    ).id,
    clock.now(),
  );
  let p = 50000;
  const path = [];
  for (let i = 1; i <= 300; i++) {
    p = Math.round(p * (1 + (rnd() - 0.5) * 0.008) * 100) / 100;
    path.push({
      instrument_id: m.btc,
      price: p.toFixed(2),
      volume: '1',
      at: new Date(clock.now().getTime() + i * 1000),
      source: 'simulated',
    });
  }
  await insertTicks(h.db, path);
  await h.close();
  Object.assign(childEnv, {
    CRASH_MARKET: String(m.btc),
    ...(dir ? { CRASH_DATA_DIR: dir } : {}),
    ...(schema ? { CRASH_SCHEMA: schema } : {}),
  });
}, 600_000);

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
  const closes = () => (out.match(/closed \d+/g) ?? []).length;
  return { proc, exited, closes, output: () => out, errors: () => err };
}

it('closes every triggered position exactly once across 20 SIGKILLs mid-sweep', async () => {
  let killedMidSweep = 0;
  for (let i = 0; i < KILLS; i++) {
    const c = child({});
    // Kill once this life has opened the database and committed a close or two (or 5 s on), then 0–150 ms more.
    const wait = async (done: () => boolean, ms: number) => {
      const t0 = Date.now();
      while (!done() && Date.now() - t0 < ms && c.proc.exitCode === null)
        await new Promise((r) => setTimeout(r, 5));
    };
    await wait(() => c.output().includes('ready'), 120_000);
    await wait(() => c.closes() >= 1 + (i % 2), 5000);
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 150)));
    if (c.closes() > 0) killedMidSweep++;
    c.proc.kill('SIGKILL');
    await c.exited;
    expect(c.errors()).not.toMatch(/sweep errors/);
  }
  const drain = child({ CRASH_DRAIN: '1' });
  expect(await drain.exited, drain.errors()).toBe(0);
  expect(killedMidSweep).toBeGreaterThanOrEqual(10);

  const h = await open();
  try {
    const ctx = testContext(h.db);
    const rows = await h.db.selectFrom('lever_positions').selectAll().orderBy('id').execute();
    const ticks = (
      await h.db
        .selectFrom('market_ticks')
        .selectAll()
        .where('instrument_id', '=', market)
        .orderBy('id')
        .execute()
    ).slice(1);
    let closed = 0;
    for (const row of rows) {
      const expected = firstTrigger(row, ticks);
      if (!expected) {
        expect(row.status, `position ${row.id}`).toBe('open');
        continue;
      }
      closed++;
      expect({ id: row.id, status: row.status, reason: row.exit_reason, tick: row.exit_tick_id }).toEqual({
        id: row.id,
        status: 'closed',
        reason: expected.reason,
        tick: expected.tick.id,
      });
      expect(new Dec(row.exit_price!).eq(expected.tick.price)).toBe(true);
    }
    expect(closed).toBeGreaterThan(POSITIONS / 2);
    const entries = await h.db
      .selectFrom('journal_entries')
      .select(['ref_id', 'kind'])
      .where('ref_type', '=', 'lever_position')
      .execute();
    const perPosition = new Map<string, number>();
    for (const e of entries) perPosition.set(e.ref_id!, (perPosition.get(e.ref_id!) ?? 0) + 1);
    for (const row of rows) expect(perPosition.get(row.id)).toBe(row.status === 'closed' ? 2 : 1);
    const openMargin = new Map<number, bigint>();
    for (const r of rows)
      if (r.status === 'open')
        openMargin.set(r.user_id, (openMargin.get(r.user_id) ?? 0n) + BigInt(r.margin));
    for (const u of users)
      expect((await leverBalance(ctx, u, currencyId)).frozen).toBe(openMargin.get(u) ?? 0n);
    expect((await reconcile(h.db)).violations).toEqual([]);
  } finally {
    await h.close();
  }
}, 900_000);
