import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely driver for PGlite that serialises all access. PGlite is one Postgres session, so two
 * interleaved transactions would share it: a mutex held from acquire to release makes each
 * transaction (and each single query) exclusive, like Kysely's SQLite driver does.
 * (kysely-pglite shares the session with no lock, which is unsafe for money.)
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[], {
      rowMode: 'object',
    });
    const command = result.command?.toUpperCase();
    const changes =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
        ? BigInt(result.rowCount ?? result.affectedRows ?? 0)
        : undefined;
    return { rows: result.rows, numAffectedRows: changes };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  private releaseLock: (() => void) | null = null;

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.releaseLock = await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async releaseConnection(): Promise<void> {
    const release = this.releaseLock;
    this.releaseLock = null;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
