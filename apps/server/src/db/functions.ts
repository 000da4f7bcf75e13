/**
 * The database functions (plpgsql, trigger functions included) are not migrations: each is one
 * readable file, `modules/<domain>/sql/<function>.sql`, holding its whole current definition as a
 * single `create or replace function` statement, owned by the domain that uses it. `migrate`
 * applies them after the ordered migrations, in the same transaction: a file is run when its
 * checksum differs from the one recorded in `schema_functions` (new, or changed since), so a
 * function is changed by editing its file, and a start with nothing changed runs none of them.
 *
 * Rules that keep this sound:
 * - A file may only `create or replace` its one function. Changing a function's parameters or
 *   result type needs a migration that drops it first (`create or replace` cannot), then the file.
 * - Ordered migrations never define a function again: the files own them. (Shipped migrations
 *   still create the first versions, which the triggers they create need; the files replace them.)
 * - A function no longer used is dropped by a migration, and its file deleted.
 *
 * Folders are applied in this order, files by name; plpgsql resolves the functions and tables a
 * body names when it runs, not when it is created, so the order only matters for readability.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql, type Transaction } from 'kysely';
import type { DB } from './schema';

const FOLDERS = ['../modules/ledger/sql/', '../modules/spot/sql/'];

export interface FunctionFile {
  /** The function's name (the file's, without `.sql`). */
  name: string;
  /** Where it lives, relative to `src/`, e.g. `modules/ledger/sql/ledger_post.sql`. */
  path: string;
  sql: string;
  /** SHA-256 of the file's text. */
  checksum: string;
}

/**
 * Every function file, read when called (not at import: a bundled test child imports this module
 * from elsewhere and never migrates).
 */
export function functionFiles(): FunctionFile[] {
  const files: FunctionFile[] = [];
  for (const folder of FOLDERS) {
    const dir = new URL(folder, import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      files.push({
        name: file.slice(0, -'.sql'.length),
        path: `${folder.slice(3)}${file}`,
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      });
    }
  }
  const names = new Set(files.map((f) => f.name));
  if (names.size !== files.length) throw new Error('database functions: two files of the same name');
  return files;
}

/**
 * Runs the function files whose checksum is not the one recorded (inside `migrate`'s transaction
 * and advisory lock). Returns the names of the functions it (re)created.
 */
export async function applyFunctions(trx: Transaction<DB>): Promise<string[]> {
  await sql`create table if not exists schema_functions (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`.execute(trx);
  const done = await sql<{ name: string; checksum: string }>`select name, checksum from schema_functions`.execute(trx);
  const applied = new Map(done.rows.map((r) => [r.name, r.checksum]));
  const ran: string[] = [];
  for (const f of functionFiles()) {
    if (applied.get(f.name) === f.checksum) continue;
    await sql.raw(f.sql).execute(trx);
    await sql`insert into schema_functions (name, checksum) values (${f.name}, ${f.checksum})
        on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`.execute(trx);
    ran.push(f.name);
  }
  return ran;
}
