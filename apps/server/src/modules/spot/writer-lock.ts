/**
 * One writer per market across processes (DATABASE_URL): a process may run a market's writer
 * only while it holds that market's PostgreSQL advisory lock, taken on a dedicated session that
 * lives as long as the process (a crash ends the session and frees the lock, so another process
 * takes the market over on its next order, rebuilding the book from the open orders).
 *
 * A process without the lock forwards the market's orders to the holder over Redis (forward.ts,
 * with REDIS_URL) or, without Redis, refuses them with `spot_busy`. With the embedded PGlite
 * there is one process: no lock is needed.
 */
import pg from 'pg';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export class WriterLocks {
  private client: Promise<pg.Client> | null = null;
  private prefix: Promise<string> | null = null;

  constructor(
    private readonly db: Database,
    private readonly databaseUrl: string | undefined,
    /** Called when the lock session is lost: every writer of this process must stop. */
    private readonly onLost: () => void,
  ) {}

  /** Takes (or confirms) the writer lock of a market; false when another process holds it. */
  async acquire(instrumentId: number): Promise<boolean> {
    if (!this.databaseUrl) return true;
    if (!this.client) {
      const connecting = this.connect();
      connecting.catch(() => (this.client = null));
      this.client = connecting;
    }
    const client = await this.client;
    const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1), $2) as ok', [await this.namespace(), instrumentId]);
    return r.rows[0]!.ok;
  }

  /**
   * `bourse:spot:<schema>`: locks (and forwarding channels) are database-wide, so the schema keeps
   * side-by-side installations (and tests) apart.
   */
  namespace(): Promise<string> {
    if (!this.prefix) {
      const prefix = sql<{ s: string }>`select current_schema() as s`.execute(this.db).then((r) => `bourse:spot:${r.rows[0]!.s}`);
      prefix.catch(() => (this.prefix = null));
      this.prefix = prefix;
    }
    return this.prefix;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    const lost = () => {
      this.client = null;
      this.onLost();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    // A writer whose host vanishes (no FIN, unlike a killed process) frees its locks within about
    // 25 s instead of the server's default of hours, so another process can take its markets.
    await client.query('set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3');
    return client;
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    if (c) {
      const client = await c;
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.end();
    }
  }
}
