import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { migrate, openDatabase, type Database, type DatabaseHandle } from '../src/db/database';
import { functionFiles } from '../src/db/functions';
import { migrations } from '../src/db/migrations';
import { ManualClock } from '../src/lib/clock';
import { ensureBaseCurrencies } from '../src/modules/market';
import { Realtime } from '../src/realtime/realtime';
import { prepare } from '../src/server';
import { hashPassword } from '../src/lib/crypto';

/** True when the suite runs against PostgreSQL (DATABASE_URL), false on embedded PGlite. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface TestDb {
  db: Database;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new schema on the
 * PostgreSQL of DATABASE_URL (dropped on close), so test files never see each other's rows.
 */
export async function openTestDb(poolSize = 10): Promise<TestDb> {
  const empty = await openEmptyDb(poolSize, onPostgres ? undefined : await pgliteTemplate());
  await migrate(empty.handle.db);
  await ensureBaseCurrencies(empty.handle.db);
  return { db: empty.handle.db, close: () => empty.close() };
}

/**
 * A database without migrations: a new schema on the PostgreSQL of DATABASE_URL (dropped on
 * close), or an in-memory PGlite, started from the data directory `pgliteData` when given.
 */
export async function openEmptyDb(
  poolSize: number,
  pgliteData?: Blob,
): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  const handle = await openDatabase({ databaseUrl: url, schema, poolSize, loadDataDir: url ? undefined : pgliteData });
  return {
    handle,
    async close() {
      await handle.close();
      if (url && schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    },
  };
}

/**
 * A migrated PGlite data directory, dumped once per schema version into the temp directory and
 * loaded by every test database: PGlite's initdb costs 3-4 s per database, loading a dump about
 * one. Keyed by the migrations' text, the database functions' files and the seed's source (the
 * base currencies and demo markets are in the template too), so a new migration, a changed
 * function or a changed seed makes a new template. Null
 * (fresh initdb) when the dump cannot be made or read.
 */
const SEED_SOURCES = ['seed.ts', 'currencies.ts', 'instruments.ts'].map((f) => new URL(`../src/modules/market/${f}`, import.meta.url));
let templateBlob: Promise<Blob | undefined> | undefined;
export function pgliteTemplate(): Promise<Blob | undefined> {
  templateBlob ??= (async () => {
    const hash = createHash('sha256').update(JSON.stringify(migrations)).update(process.version);
    for (const f of functionFiles()) hash.update(f.name).update(f.checksum);
    for (const source of SEED_SOURCES) hash.update(readFileSync(source));
    const key = hash.digest('hex').slice(0, 16);
    const file = join(tmpdir(), `bourse-pglite-template-${key}.tar.gz`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not made yet: make it (two workers may race; each writes its own file and renames).
    }
    try {
      const handle = await openDatabase({});
      await migrate(handle.db);
      await ensureBaseCurrencies(handle.db);
      const dump = await handle.dumpDataDir!();
      await handle.close();
      const tmp = `${file}.${process.pid}`;
      writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      renameSync(tmp, file);
      return dump;
    } catch {
      return undefined;
    }
  })();
  return templateBlob;
}

export const silentLogger = pino({ level: 'silent' });

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: '/nonexistent', ADMIN_PASSWORD: 'operator-pass-123', DEMO_DATA: 'on' }),
    webDist: undefined,
    adminDist: undefined,
    ...overrides,
  };
}

export function testContext(db: Database, clock = new ManualClock(), config = testConfig()): AppContext {
  return { db, clock, config, log: silentLogger, realtime: new Realtime() };
}

let userSeq = 0;
// scrypt is deliberately slow (~150 ms); tests make hundreds of users with the same password.
const hashes = new Map<string, Promise<string>>();

/** Creates a user (no balances) and returns its id. */
export async function createUser(db: Database, password = 'password123'): Promise<number> {
  userSeq++;
  const tag = `${process.pid}-${userSeq}-${randomBytes(3).toString('hex')}`;
  const row = await db
    .insertInto('users')
    .values({
      email: `user-${tag}@example.com`,
      mobile: null,
      area_code: null,
      password_hash: await (hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!),
      nickname: `User ${userSeq}`,
      invite_code: `I${tag}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The whole app on a test database with a manual clock, prepared like a real start. */
export async function testApp(config: Partial<Config> = {}) {
  const t = await openTestDb();
  const clock = new ManualClock('2026-11-22T08:00:00Z');
  const { app, ctx } = await buildApp({ config: testConfig(config), db: t.db, clock, logger: false });
  await prepare(ctx);
  await app.ready();
  return {
    app,
    ctx,
    clock,
    async close() {
      await app.close();
      await t.close();
    },
  };
}

/** testApp with a data directory of its own (uploaded files), removed again on close. */
export async function testAppWithFiles(prefix: string, config: Partial<Config> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const h = await testApp({ ...config, dataDir });
  return {
    ...h,
    dataDir,
    async close() {
      await h.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a user in through the API and returns the token. */
export async function loginToken(app: Awaited<ReturnType<typeof testApp>>['app'], account: string, password: string) {
  // A fresh client address per sign-in, so the per-IP login limit does not couple tests.
  const remoteAddress = `10.${userSeq++ % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const res = await app.inject({ method: 'POST', url: '/api/user/login', remoteAddress, payload: { user_string: account, password } });
  const body = res.json<{ type: string; message: string }>();
  if (body.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.message;
}
