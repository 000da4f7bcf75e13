import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { applyFunctions } from './functions';
import { PGliteDialect } from './pglite-driver';
import { migrations } from './migrations';
import type { DB } from './schema';

export type Database = Kysely<DB>;
export type { Transaction } from 'kysely';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball (tests keep a migrated template). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; when absent, PGlite runs in memory. */
  dataDir?: string;
  /**
   * PGlite only: start from this dumped data directory (PGlite's dumpDataDir) instead of running
   * initdb, which takes seconds; tests load a migrated template this way.
   */
  loadDataDir?: Blob;
  /** PostgreSQL schema to use (created when missing); tests use one per file. */
  schema?: string;
  poolSize?: number;
}

const INT8 = 20;
const NUMERIC = 1700;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('invalid schema name');
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists ${schema}`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // pg returns INT8 and NUMERIC as strings by default, which is what the repos expect.
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Same representation as pg: INT8 and NUMERIC as strings, so no value is squeezed into a float.
  const parsers = { [INT8]: (v: string) => v, [NUMERIC]: (v: string) => v };
  const pglite = options.dataDir
    ? new PGlite(options.dataDir, { parsers, loadDataDir: options.loadDataDir })
    : new PGlite({ parsers, loadDataDir: options.loadDataDir });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: () => pglite.dumpDataDir('gzip') };
}

/**
 * A small pool of its own on the same PostgreSQL database and schema as `db`, for work that must
 * not queue behind request traffic for a connection (a market writer's group commits). Null on
 * PGlite, where there is one connection anyway. The caller closes it (`destroy()`).
 */
export async function openSidePool(db: Database, databaseUrl: string | undefined, size: number): Promise<Database | null> {
  if (!databaseUrl) return null;
  const r = await sql<{ s: string }>`select current_schema() as s`.execute(db);
  const schema = r.rows[0]!.s;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('unexpected schema name');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: size, options: `-c search_path=${schema}` });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Applies pending migrations in one transaction under an advisory lock (safe with many processes),
 * then the database functions whose file changed (`functions.ts`). Returns what ran: migration
 * names, then `function <name>` for each function (re)created.
 */
export async function migrate(db: Database): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7142001)`.execute(trx);
    await sql`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`.execute(trx);
    const done = await sql<{ name: string }>`select name from schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.name));
    const ran: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.name) || m.statements.length === 0) continue;
      for (const statement of m.statements) await sql.raw(statement).execute(trx);
      await sql`insert into schema_migrations (name) values (${m.name})`.execute(trx);
      ran.push(m.name);
    }
    for (const name of await applyFunctions(trx)) ran.push(`function ${name}`);
    return ran;
  });
}
