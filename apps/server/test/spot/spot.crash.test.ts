/**
 * Crash safety: a child process placing and cancelling orders is killed with SIGKILL in the
 * middle of its flow (twice by default). Afterwards the book rebuilt from the database is consistent with
 * the orders and the money: every open order rests with its unfilled amount, what users have
 * frozen equals what their open orders still hold, finished orders released the rest, and the
 * journal reconciles.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database';
import { reconcile } from '../../src/modules/ledger';
import { ensureBaseCurrencies } from '../../src/modules/market';
import { SpotEngines } from '../../src/modules/spot/engines';
import { SPOT_ACCOUNT_TYPE } from '../../src/modules/spot/types';
import { createUser, testContext } from '../helpers';
import { fund } from './helpers';

const here = new URL('.', import.meta.url).pathname;
const pgUrl = process.env.DATABASE_URL;
const schema = `t_spotcrash_${process.pid}_${randomBytes(3).toString('hex')}`;
const dataDir = pgUrl ? '' : mkdtempSync(join(tmpdir(), 'bourse-spot-crash-'));
const open = (): Promise<DatabaseHandle> => openDatabase(pgUrl ? { databaseUrl: pgUrl, schema, poolSize: 4 } : { dataDir });

afterAll(async () => {
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  } else rmSync(dataDir, { recursive: true, force: true });
});

async function runAndKill(users: number[], seed: number, afterPlaced: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'crash-child.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, DB_SCHEMA: schema, USERS: users.join(','), SEED: String(seed) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('child made no progress in 90 s')), 90_000);
    child.stdout.on('data', (b: Buffer) => {
      const n = Math.max(0, ...[...b.toString().matchAll(/placed (\d+)/g)].map((x) => Number(x[1])));
      if (n >= afterPlaced) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.kill('SIGKILL');
  await exited;
}

describe('spot writer killed with SIGKILL', () => {
  it('restarts to a book and balances consistent with the committed orders', async () => {
    let h = await open();
    await migrate(h.db);
    await ensureBaseCurrencies(h.db);
    const ctx = testContext(h.db);
    const eth = await new SpotEngines(ctx).market('ETH/USDT');
    const users: number[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await createUser(h.db);
      await fund(ctx, u, eth.quoteCurrencyId, '1000', eth.quoteDecimals);
      await fund(ctx, u, eth.baseCurrencyId, '0.5', eth.baseDecimals);
      users.push(u);
    }
    await h.close();

    // Killed twice: once early, once with a book built up. (SPOT_CRASH_KILLS for more rounds.)
    const kills = Math.max(1, Number(process.env.SPOT_CRASH_KILLS) || 2);
    for (let k = 0; k < kills; k++) await runAndKill(users, k + 1, 10 + 10 * k);

    h = await open();
    const ctx2 = testContext(h.db);
    const engines = new SpotEngines(ctx2);
    const w = await engines.writer(await engines.market('ETH/USDT'));
    w.book.check();
    const orders = await h.db.selectFrom('spot_orders').selectAll().execute();
    expect(orders.length).toBeGreaterThan(10);
    const held = new Map<string, bigint>();
    for (const o of orders) {
      const spent = BigInt(o.used) + BigInt(o.released);
      expect(spent <= BigInt(o.frozen)).toBe(true);
      if (o.status === 'open') {
        expect(w.book.get(Number(o.id))?.remaining).toBe(Number(o.amount_lots) - Number(o.filled_lots));
        const cur = o.side === 'buy' ? eth.quoteCurrencyId : eth.baseCurrencyId;
        const key = `${o.user_id}:${cur}`;
        held.set(key, (held.get(key) ?? 0n) + BigInt(o.frozen) - spent);
      } else {
        expect(spent).toBe(BigInt(o.frozen));
        expect(w.book.has(Number(o.id))).toBe(false);
      }
    }
    expect(w.book.size).toBe(orders.filter((o) => o.status === 'open').length);
    // What each user has frozen is exactly what their open orders still hold.
    const accounts = await h.db.selectFrom('accounts').select(['user_id', 'currency_id', 'frozen']).where('user_id', 'in', users).where('account_type', '=', SPOT_ACCOUNT_TYPE).execute();
    for (const a of accounts) expect(BigInt(a.frozen)).toBe(held.get(`${a.user_id}:${a.currency_id}`) ?? 0n);
    expect((await reconcile(h.db)).ok).toBe(true);
    await engines.close();
    await h.close();
  }, 180_000);
});
