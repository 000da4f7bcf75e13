/**
 * Crash test: a child server works through a backlog of expired orders in small settlement
 * batches while it stores ticks, places new orders and settles those too; it is SIGKILLed at
 * random moments 20 times and restarted on the same database (PGlite data directory, or a
 * PostgreSQL schema). A last run drains every open order. Afterwards every order is settled
 * exactly once (one settlement entry, one freeze entry), settled outcomes name the first stored
 * tick at or after expiry, exposure counters are back to zero, and the books reconcile.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database';
import { ManualClock } from '../../src/lib/clock';
import { ensureBaseCurrencies } from '../../src/modules/market';
import { reconcile } from '../../src/modules/ledger';
import { VOID_AFTER_MS } from '../../src/modules/contracts';
import { outcomeOf } from '../../src/modules/contracts/payout';
import { createUser, pgliteTemplate, testContext } from '../helpers';
import { bundleChild } from '../child-bundle';
import { bulkExpiredOrders, fund, setupProducts, tick } from './fixture';

const KILLS = 20;
const url = process.env.DATABASE_URL;
const dir = url ? undefined : mkdtempSync(join(tmpdir(), 'contracts-crash-'));
const schema = url ? `crash_${randomBytes(4).toString('hex')}` : undefined;
const childEnv: Record<string, string> = {};

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
  const ctx = testContext(h.db, new ManualClock(new Date()));
  const m = await setupProducts(ctx);
  // Short expiries so orders placed in one life settle in a later one.
  await h.db.updateTable('contract_expiries').set({ seconds: 5 }).where('seconds', '=', 30).execute();
  const users: number[] = [];
  for (let i = 0; i < 4; i++) {
    const u = await createUser(h.db);
    await fund(ctx, u, m.usdt.id, '1000000');
    users.push(u);
  }
  // A backlog of 1,200 orders that expired a minute ago (closing ticks stored for most instants),
  // so every life of the child has a burst of settlements to be killed in.
  await bulkExpiredOrders(ctx, { users, markets: [m.btc, m.eth], currencyId: m.usdt.id, perMarket: 600, expiredAt: new Date(Date.now() - 60_000), stake: '10' });
  await tick(ctx, m.btc, '100');
  await tick(ctx, m.eth, '100');
  await h.close();
  Object.assign(childEnv, {
    CRASH_MARKETS: `${m.btc},${m.eth}`,
    CRASH_USERS: users.join(','),
    CRASH_CURRENCY: String(m.usdt.id),
    ...(dir ? { CRASH_DATA_DIR: dir } : {}),
    ...(schema ? { CRASH_SCHEMA: schema } : {}),
  });
  // Set-up writes 1,200 orders to a disk database: slow on a busy machine.
}, 300_000);

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

/** Starts the child; resolves with it once it has opened the database. */
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
  // Ready once this life writes to the database (its first tick is stored); the drain run stores
  // no ticks and is awaited by its exit.
  const mark = extra.CRASH_DRAIN ? 'ready' : 'working';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes(mark)) {
        clearInterval(timer);
        resolve();
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(timer);
      if (!out.includes(mark)) reject(new Error(`child exited ${code} before ${mark}: ${err}`));
    });
  });
  return { proc, ready, exited, output: () => out, errors: () => err };
}

it('settles every order exactly once across 20 SIGKILLs', async () => {
  let seed = 7;
  const lives: number[] = [];
  for (let i = 0; i < KILLS; i++) {
    const t0 = Date.now();
    const c = child({ CRASH_SEED: String(seed++) });
    await c.ready;
    lives.push(Date.now() - t0);
    // A random moment while it settles: after 1–3 committed settlement batches of this life (or
    // 5 s without one, once the backlog is gone), then 0–300 ms more: mid-batch, mid-placement
    // or mid-tick.
    const batches = 1 + Math.floor(Math.random() * 3);
    const until = Date.now() + 5000;
    while (Date.now() < until && (c.output().match(/^settled /gm)?.length ?? 0) < batches) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 300)));
    c.proc.kill('SIGKILL');
    const code = await c.exited;
    expect(code, c.errors()).toBeNull();
  }
  // The kills fell while work was going on: orders were placed and settled across the lives.
  const between = await open();
  const progress = await between.db
    .selectFrom('contract_orders')
    .select((eb) => [
      eb.fn.countAll<string>().as('orders'),
      eb.fn.count<string>('id').filterWhere('status', '<>', 'open').as('settled'),
      eb.fn.count<string>('id').filterWhere('client_key', 'is', null).as('placed'),
    ])
    .executeTakeFirstOrThrow();
  await between.close();
  expect(Number(progress.placed)).toBeGreaterThan(0);
  expect(Number(progress.settled)).toBeGreaterThanOrEqual(50);
  // Let windows of the last orders pass, then drain.
  await new Promise((r) => setTimeout(r, 6000));
  const last = child({ CRASH_DRAIN: '1' });
  await last.ready;
  expect(await last.exited, last.errors()).toBe(0);

  const h = await open();
  try {
    const orders = await h.db.selectFrom('contract_orders').selectAll().execute();
    expect(orders.length).toBeGreaterThanOrEqual(1200);
    expect(orders.filter((o) => o.status === 'open')).toEqual([]);
    const settled = orders.filter((o) => o.status !== 'void').length;
    expect(settled).toBeGreaterThan(0);
    const perOrder = await sql<{ kind: string; n: string; orders: string }>`
      select kind, count(*) as n, count(distinct ref_id) as orders from journal_entries
       where ref_type = 'contract_order' group by kind`.execute(h.db);
    const byKind = new Map(perOrder.rows.map((r) => [r.kind, r]));
    // Orders placed by the child have one freeze entry each (the backlog was frozen in bulk);
    // every order has exactly one settlement entry.
    const placed = orders.filter((o) => !o.client_key?.startsWith('bulk:')).length;
    expect(Number(byKind.get('contract_open')?.n ?? 0)).toBe(placed);
    expect(Number(byKind.get('contract_open')?.orders ?? 0)).toBe(placed);
    expect(Number(byKind.get('contract_settle')!.n)).toBe(orders.length);
    expect(Number(byKind.get('contract_settle')!.orders)).toBe(orders.length);
    expect(orders.length - settled).toBeGreaterThan(0);
    for (const o of orders) {
      const first = await h.db
        .selectFrom('market_ticks')
        .select(['id', 'price'])
        .where('instrument_id', '=', o.instrument_id)
        .where('at', '>=', o.expires_at)
        .where('at', '<', new Date(o.expires_at.getTime() + VOID_AFTER_MS))
        .orderBy('at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (o.status === 'void') {
        // Voided only when no tick was stored in its window.
        expect(first).toBeUndefined();
        expect(o.close_tick_id).toBeNull();
        continue;
      }
      expect(o.close_tick_id).toBe(first!.id);
      expect(o.status).toBe(outcomeOf(o.direction, o.open_price, first!.price));
    }
    const exposure = await h.db.selectFrom('contract_product_currencies').select(['open_up', 'open_down']).execute();
    for (const e of exposure) expect([e.open_up, e.open_down]).toEqual(['0', '0']);
    const r = await reconcile(h.db);
    expect(r.violations).toEqual([]);
    console.log(
      `crash test: start-up to working ${lives.join(' ')} ms; ${KILLS} kills, ${orders.length} orders (${placed} placed by the child); ` +
        `${progress.settled} settled by the killed lives, the rest by the drain; ${settled} settled on a tick, ${orders.length - settled} void`,
    );
  } finally {
    await h.close();
  }
}, 600_000);
