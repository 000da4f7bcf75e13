/**
 * Failover of a market's writer by killing its process (PostgreSQL + Redis; skipped without
 * DATABASE_URL and REDIS_URL). Two real servers (`apps/server/src/main.ts`) share a fresh schema
 * and a Redis: A starts first and writes the market, B forwards its orders to A. Resting orders
 * are placed over HTTP through both, then A gets SIGKILL. B's next order finds nobody listening,
 * takes the writer lock, rebuilds the book from the open orders and matches the orders placed
 * before the kill; afterwards the journal reconciles and no money is lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseUnits } from '@bourse/money';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { createSession } from '../../src/modules/sessions';
import { reconcile } from '../../src/modules/ledger';
import { ensureBaseCurrencies } from '../../src/modules/market';
import { SpotEngines } from '../../src/modules/spot/engines';
import type { SpotMarket } from '../../src/modules/spot/market';
import { createUser, testContext } from '../helpers';
import { expectFrozenMatchesOpenOrders } from './forward-helpers';
import { fund } from './helpers';

const pgUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const ROOT = new URL('../../../../', import.meta.url).pathname;
const schema = `t_spotkill_${process.pid}_${randomBytes(3).toString('hex')}`;
const ADMIN_PASSWORD = 'operator-pass-123';

interface Server {
  name: string;
  child: ChildProcess;
  base: string;
  output: string[];
}

const servers: Server[] = [];
let handle: DatabaseHandle | null = null;
let dataDir: string | null = null;

afterAll(async () => {
  for (const s of servers) await stop(s, 'SIGKILL');
  await handle?.close();
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A real server process on the test schema (search_path in the connection URL). */
async function start(name: string): Promise<Server> {
  const url = new URL(pgUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir!,
      DEMO_DATA: 'off',
      MARKET_FEED: 'off',
      SPOT_BOT: 'off',
      SAVINGS_JOB_MS: '0',
      ADMIN_PASSWORD,
      WEB_DIST: join(dataDir!, 'no-web'),
      ADMIN_DIST: join(dataDir!, 'no-admin'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const s: Server = { name, child, base: `http://127.0.0.1:${port}`, output: [] };
  servers.push(s);
  const keep = (b: Buffer) => s.output.push(b.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}: ${s.output.join('')}`);
    try {
      if ((await fetch(`${s.base}/api/health`)).ok) return s;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${name} did not become healthy in 30 s: ${s.output.join('')}`);
    await sleep(100);
  }
}

async function stop(s: Server, signal: NodeJS.Signals): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill(signal);
  await Promise.race([exited, sleep(10_000)]);
}

interface Envelope<T> {
  type: string | number;
  message: T;
}

async function call<T>(
  s: Server,
  path: string,
  token: string,
  body?: Record<string, string>,
): Promise<Envelope<T>> {
  const res = await fetch(`${s.base}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: token,
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: body ? new URLSearchParams(body) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

interface Order {
  id: string;
  status: string;
  filled: string;
  quote_filled: string;
}

async function order(
  s: Server,
  token: string,
  side: 'buy' | 'sell',
  price: string,
  amount: string,
): Promise<Order> {
  const r = await call<Order>(s, '/coin/trade', token, {
    symbol: 'BTC/USDT',
    type: side,
    order_type: 'limit',
    target_price: price,
    amount,
  });
  if (r.type !== 'ok')
    throw new Error(`${s.name} refused ${side} ${amount} @ ${price}: ${JSON.stringify(r)}`);
  return r.message;
}

/** Whether the server runs BTC/USDT's writer (console market status). */
async function writes(s: Server, operator: string): Promise<boolean> {
  const r = await call<Array<{ symbol: string; engine: unknown }>>(s, '/admin/spot/markets', operator);
  if (r.type !== 'ok') throw new Error(`${s.name}: ${JSON.stringify(r)}`);
  return r.message.find((m) => m.symbol === 'BTC/USDT')?.engine != null;
}

async function operatorToken(s: Server): Promise<string> {
  const res = await fetch(`${s.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  return ((await res.json()) as Envelope<{ token: string }>).message.token;
}

describe.skipIf(!pgUrl || !redisUrl)(
  'spot writer killed with SIGKILL while another process forwards to it',
  () => {
    it('the surviving process takes the market over with the same book, and no money is lost', async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'bourse-spot-kill-'));
      handle = await openDatabase({ databaseUrl: pgUrl, schema, poolSize: 4 });
      await migrate(handle.db);
      await ensureBaseCurrencies(handle.db);
      // The servers run on the system clock: sessions and funding are stamped with real time.
      const ctx = { ...testContext(handle.db), clock: systemClock };
      const btc: SpotMarket = await new SpotEngines(ctx).market('BTC/USDT');
      const funded = { usdt: 0n, btc: 0n };
      const trader = async (usdt: string, coin: string) => {
        const id = await createUser(handle!.db);
        if (usdt !== '0') await fund(ctx, id, btc.quoteCurrencyId, usdt, btc.quoteDecimals);
        if (coin !== '0') await fund(ctx, id, btc.baseCurrencyId, coin, btc.baseDecimals);
        funded.usdt += parseUnits(usdt, btc.quoteDecimals);
        funded.btc += parseUnits(coin, btc.baseDecimals);
        return { id, token: await createSession(ctx, id, { ip: null, userAgent: 'spot-kill-test' }) };
      };
      const [s1, s2, b1, b2, flow] = [
        await trader('0', '1'),
        await trader('0', '1'),
        await trader('10000', '0'),
        await trader('10000', '0'),
        // The flow's buys (80 USDT each) run for as long as the takeover takes: enough for thousands.
        await trader('1000000', '0'),
      ];

      // A starts first and takes the market's writer; then B.
      const a = await start('A');
      const aOperator = await operatorToken(a);
      for (let i = 0; !(await writes(a, aOperator)); i++) {
        if (i > 100) throw new Error('A never started the writer');
        await sleep(100);
      }
      const b = await start('B');
      const bOperator = await operatorToken(b);
      expect(await writes(b, bOperator)).toBe(false);

      // Resting orders through both: through B they are forwarded to A's book.
      expect(await order(a, s1.token, 'sell', '90000', '0.01')).toMatchObject({ status: 'open' });
      expect(await order(b, s2.token, 'sell', '90100', '0.02')).toMatchObject({ status: 'open' });
      expect(await order(b, b1.token, 'buy', '89000', '0.01')).toMatchObject({ status: 'open' });
      expect(await writes(b, bOperator)).toBe(false);

      // Order flow through B (small bids far below the asks) runs on while A is killed.
      let flowing = true;
      const answered = new Map<string, string>();
      const busy: number[] = [];
      const worker = async (w: number) => {
        for (let i = 0; flowing; i++) {
          const price = String(80_000 + w * 100 + (i % 50));
          const r = await call<Order>(b, '/coin/trade', flow.token, {
            symbol: 'BTC/USDT',
            type: 'buy',
            order_type: 'limit',
            target_price: price,
            amount: '0.001',
          });
          if (r.type === 'ok') answered.set(r.message.id, r.message.status);
          else if ((r as unknown as { error: string }).error === 'spot_busy') busy.push(Date.now());
          else throw new Error(`flow order refused: ${JSON.stringify(r)}`);
        }
      };
      const workers = Promise.all([0, 1, 2, 3].map(worker));
      await sleep(300);
      const beforeKill = answered.size;
      await stop(a, 'SIGKILL');
      expect(a.child.signalCode).toBe('SIGKILL');

      // Nobody listens any more: B takes the lock, rebuilds the book from the database and matches
      // the orders placed before the kill (through A and through B).
      const killed = Date.now();
      const take = await order(b, b2.token, 'buy', '90100', '0.03');
      const takeoverMs = Date.now() - killed;
      expect(take).toMatchObject({ status: 'filled', filled: '0.03', quote_filled: '2702' });
      expect(takeoverMs).toBeLessThan(5000);
      // Requests in flight to the dead writer time out (spot_busy); the flow then goes on through B's writer.
      while (answered.size - beforeKill < 8 && Date.now() - killed < 20_000) await sleep(100);
      flowing = false;
      await workers;
      const afterKill = answered.size - beforeKill;
      console.log(
        `kill test: crossing order after the kill answered in ${takeoverMs} ms; flow ${beforeKill} orders before the kill, ` +
          `${afterKill} after, ${busy.length} answered spot_busy (in flight to the dead writer)`,
      );
      expect(afterKill).toBeGreaterThanOrEqual(8);
      expect(await writes(b, bOperator)).toBe(true);
      const depth = await call<{ bids: string[][]; asks: string[][] }>(
        b,
        '/coin/depth?symbol=BTC/USDT&limit=200',
        '',
      );
      expect(depth.message.asks).toEqual([]);
      expect(depth.message.bids[0]).toEqual(['89000', '0.01']);

      // The orders placed before the kill were matched; the bid still rests.
      const rows = await handle.db
        .selectFrom('spot_orders')
        .select(['id', 'user_id', 'status'])
        .where('user_id', '!=', flow.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.user_id, r.status])).toEqual([
        [s1.id, 'filled'],
        [s2.id, 'filled'],
        [b1.id, 'open'],
        [b2.id, 'filled'],
      ]);
      expect(await handle.db.selectFrom('spot_trades').select('id').execute()).toHaveLength(2);
      // Every order the user was told about is in the database as told; at most the ones answered
      // spot_busy (sent to the writer as it died) may have committed unannounced.
      const flowRows = new Map(
        (
          await handle.db
            .selectFrom('spot_orders')
            .select(['id', 'status'])
            .where('user_id', '=', flow.id)
            .execute()
        ).map((r) => [r.id, r.status]),
      );
      for (const [id, status] of answered) expect(flowRows.get(id)).toBe(status);
      expect(flowRows.size - answered.size).toBeGreaterThanOrEqual(0);
      expect(flowRows.size - answered.size).toBeLessThanOrEqual(busy.length);

      // No money lost: the journal reconciles, frozen = what open orders hold, and users plus fee
      // and rounding accounts hold exactly what was funded.
      expect((await reconcile(handle.db)).ok).toBe(true);
      await expectFrozenMatchesOpenOrders(ctx, btc);
      const held = async (currencyId: number) => {
        const r = await sql<{
          total: string;
        }>`select coalesce(sum(available + frozen), 0)::text as total from accounts
        where currency_id = ${currencyId} and (user_id is not null or system_code in ('fees', 'rounding'))`.execute(
          handle!.db,
        );
        return BigInt(r.rows[0]!.total);
      };
      expect(await held(btc.quoteCurrencyId)).toBe(funded.usdt);
      expect(await held(btc.baseCurrencyId)).toBe(funded.btc);

      await stop(b, 'SIGTERM');
      expect(b.child.exitCode).toBe(0);
    }, 90_000);
  },
);
