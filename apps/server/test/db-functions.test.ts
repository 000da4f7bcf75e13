/**
 * The database functions live in files (`modules/<domain>/sql/*.sql`) applied after the ordered
 * migrations (`db/functions.ts`). Checked here:
 *
 * - A database upgraded from the current release (its migrations as they shipped, frozen in
 *   `fixtures/release-migrations.json`, then today's `migrate`) ends with exactly the schema of a
 *   fresh one: every function's definition (pg_get_functiondef), trigger, table column,
 *   constraint, index and sequence.
 * - Each file is the release's live definition of its function, only laid out anew (same
 *   parameters, result and settings; the body equal line by line but for indentation), except
 *   the functions changed or added since the release, listed below with the reason.
 * - Every function of the schema has its file; a file is run again only when its text changed.
 * - Only the ledger's own functions update `accounts` (no other function, no other module's SQL).
 * - No migration builds its SQL from another migration's text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Database } from '../src/db/database';
import { functionFiles } from '../src/db/functions';
import release from './fixtures/release-migrations.json';
import { openEmptyDb, openTestDb, type TestDb } from './helpers';

/** Functions whose definition differs from the release's on purpose (or that are new). */
const CHANGED_SINCE_RELEASE: Record<string, string> = {
  spot_commit_group2: 'its balances are changed by the ledger’s ledger_apply_changes instead of its own UPDATE of accounts',
  ledger_apply_changes: 'new: the ledger’s set-based balances step (what spot_commit_group2 did itself)',
  ledger_refuse_overdraw: 'new: the ledger’s overdraw refusal (BL001) raised by ledger_apply_changes',
  ledger_system_accounts_for_currency: 'new currencies also get the leverage insurance fund (lever_insurance, migration 028)',
};
/** Functions of the release that are dropped (migration 027). */
const DROPPED_SINCE_RELEASE = ['spot_commit_group'];

/** Runs the release's migrations as its own `migrate` did: one transaction, each recorded. */
async function migrateAsReleased(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`.execute(trx);
    for (const m of release.migrations) {
      if (m.statements.length === 0) continue;
      for (const statement of m.statements) await sql.raw(statement).execute(trx);
      await sql`insert into schema_migrations (name) values (${m.name})`.execute(trx);
    }
  });
}

interface FunctionRow {
  name: string;
  def: string;
  args: string;
  result: string;
  config: string[] | null;
  src: string;
}

async function functionsOf(db: Database): Promise<Map<string, FunctionRow>> {
  const r = await sql<FunctionRow>`select p.proname as name, pg_get_functiondef(p.oid) as def,
        pg_get_function_arguments(p.oid) as args, pg_get_function_result(p.oid) as result,
        p.proconfig as config, p.prosrc as src
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() order by p.proname, args`.execute(db);
  const schema = await currentSchema(db);
  // pg_get_functiondef names the schema (a test schema of its own on PostgreSQL).
  return new Map(r.rows.map((f) => [f.name, { ...f, def: f.def.replace(`FUNCTION ${schema}.`, 'FUNCTION ') }]));
}

async function currentSchema(db: Database): Promise<string> {
  return (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
}

/**
 * The schema's objects as comparable text: functions, triggers, columns, constraints, indexes,
 * sequences (schema names taken out: each test database has its own on PostgreSQL).
 */
async function schemaSnapshot(db: Database): Promise<Record<string, string[]>> {
  const schema = await currentSchema(db);
  const strip = (s: string) => s.split(`${schema}.`).join('');
  const rows = async (q: ReturnType<typeof sql<{ x: string }>>) => (await q.execute(db)).rows.map((r) => strip(r.x)).sort();
  return {
    functions: [...(await functionsOf(db)).values()].map((f) => f.def).sort(),
    triggers: await rows(sql<{ x: string }>`select pg_get_triggerdef(t.oid) as x from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and not t.tgisinternal`),
    columns: await rows(sql<{ x: string }>`select concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) as x
        from information_schema.columns where table_schema = current_schema()`),
    constraints: await rows(sql<{ x: string }>`select c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) as x
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema()`),
    indexes: await rows(sql<{ x: string }>`select indexdef as x from pg_indexes where schemaname = current_schema()`),
    sequences: await rows(sql<{ x: string }>`select sequence_name || ' ' || data_type || ' ' || increment as x
        from information_schema.sequences where sequence_schema = current_schema()`),
  };
}

/** A function body with each line's indentation and blank lines taken out. */
const lines = (src: string) =>
  src
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

let fresh: TestDb;
let upgraded: Awaited<ReturnType<typeof openEmptyDb>>;
let releaseFunctions: Map<string, FunctionRow>;
let upgradeRan: string[];

beforeAll(async () => {
  fresh = await openTestDb(2);
  upgraded = await openEmptyDb(2);
  await migrateAsReleased(upgraded.handle.db);
  releaseFunctions = await functionsOf(upgraded.handle.db);
  upgradeRan = await migrate(upgraded.handle.db);
});
afterAll(async () => {
  await fresh?.close();
  await upgraded?.close();
});

describe('database functions', () => {
  it('a database upgraded from the release ends with the schema of a fresh one', async () => {
    expect(release.commit).toMatch(/^76af7fa/);
    // The release's migrations are all recorded, so the upgrade runs only what came since.
    expect(upgradeRan.filter((r) => !r.startsWith('function '))).toEqual(['027_drop_dead_functions', '028_lever', '029_follow']);
    expect(upgradeRan.filter((r) => r.startsWith('function ')).sort()).toEqual(functionFiles().map((f) => `function ${f.name}`).sort());
    const a = await schemaSnapshot(fresh.db);
    const b = await schemaSnapshot(upgraded.handle.db);
    expect(b.functions?.length).toBe(functionFiles().length);
    for (const k of Object.keys(a)) expect(b[k], k).toEqual(a[k]);
  });

  it('each file is the release’s definition of its function, laid out anew, unless changed since on purpose', async () => {
    const now = await functionsOf(fresh.db);
    for (const name of DROPPED_SINCE_RELEASE) {
      expect(releaseFunctions.has(name), name).toBe(true);
      expect(now.has(name), name).toBe(false);
    }
    for (const [name, was] of releaseFunctions) {
      if (DROPPED_SINCE_RELEASE.includes(name) || name in CHANGED_SINCE_RELEASE) continue;
      const is = now.get(name)!;
      expect(is, name).toBeDefined();
      expect({ args: is.args, result: is.result, config: is.config }, name).toEqual({ args: was.args, result: was.result, config: was.config });
      expect(lines(is.src), name).toEqual(lines(was.src));
    }
    for (const name of Object.keys(CHANGED_SINCE_RELEASE)) {
      const is = now.get(name);
      expect(is, name).toBeDefined();
      const was = releaseFunctions.get(name);
      if (!was) continue;
      // Changed in its body only: same parameters, result and settings.
      expect({ args: is!.args, result: is!.result, config: is!.config }, name).toEqual({ args: was.args, result: was.result, config: was.config });
      expect(lines(is!.src), name).not.toEqual(lines(was.src));
    }
  });

  it('every function of the schema has its file, and a file is run again only when its text changed', async () => {
    const files = functionFiles();
    expect([...(await functionsOf(fresh.db)).keys()].sort()).toEqual(files.map((f) => f.name).sort());
    for (const f of files) expect(f.sql.match(/create or replace function (\w+)\(/g), f.path).toEqual([`create or replace function ${f.name}(`]);
    expect(await migrate(upgraded.handle.db)).toEqual([]);
    const [one] = files;
    await sql`update schema_functions set checksum = 'changed' where name = ${one!.name}`.execute(upgraded.handle.db);
    expect(await migrate(upgraded.handle.db)).toEqual([`function ${one!.name}`]);
    expect(await migrate(upgraded.handle.db)).toEqual([]);
  });

  it('only the ledger’s own functions change balances: no other function or module SQL updates accounts', async () => {
    const updatesAccounts = /\bupdate\s+accounts\b/i;
    const live = await functionsOf(fresh.db);
    const ledgerFiles = new Set(functionFiles().filter((f) => f.path.startsWith('modules/ledger/sql/')).map((f) => f.name));
    const changing = [...live.values()].filter((f) => updatesAccounts.test(f.src)).map((f) => f.name);
    expect(changing.length).toBeGreaterThan(0);
    for (const name of changing) expect(ledgerFiles.has(name), name).toBe(true);
    // Nor does code outside the ledger module (Kysely or raw SQL).
    const modules = new URL('../src/modules/', import.meta.url);
    for (const file of readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|sql)$/.test(file) || file.startsWith('ledger/') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(new URL(file, modules), 'utf8');
      expect(text, file).not.toMatch(updatesAccounts);
      expect(text, file).not.toMatch(/updateTable\(\s*['"]accounts['"]/);
    }
  });

  it('no migration builds its SQL from another migration’s text', () => {
    const dir = new URL('../src/db/migrations/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => /^\d{3}_.*\.ts$/.test(f))) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      expect(text, file).not.toMatch(/from '\.\/\d{3}_/);
    }
  });
});
