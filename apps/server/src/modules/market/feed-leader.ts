/**
 * One price feed across API processes (DATABASE_URL): the feed runs only in the process holding
 * the feed's PostgreSQL advisory lock, taken on a session of its own that lives as long as the
 * process. Two feeds would store two ticks per market per round and fight over the simulated
 * walk. A crash ends the session and frees the lock; a standing-by process tries it every
 * FEED_LEADER_RETRY_MS and takes over, continuing each market from its last stored price.
 *
 * Like the spot writers' locks (spot/writer-lock.ts), the key includes the schema, so
 * side-by-side installations and tests in one database do not share a feed.
 */
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';

export const FEED_LEADER_RETRY_MS = 5_000;

export interface FeedLeaderHooks {
  /** This process became the leader: start the feed. */
  onLead(): Promise<void>;
  /** The lock session was lost: stop ticking (another process may lead now). */
  onLose(): Promise<void>;
}

export class FeedLeader {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private leading = false;
  private attempt: Promise<void> | null = null;
  onRole: (role: 'leader' | 'standby') => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: FeedLeaderHooks,
    private readonly retryMs = FEED_LEADER_RETRY_MS,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Tries once now (so a lone process leads at once), then keeps trying while standing by. */
  async start(): Promise<void> {
    await this.tryLead();
    this.timer = setInterval(() => void this.tryLead(), this.retryMs);
    this.timer.unref();
  }

  private tryLead(): Promise<void> {
    if (this.leading || this.stopped || this.attempt) return this.attempt ?? Promise.resolve();
    this.attempt = this.acquire()
      .catch((err: unknown) => this.log.warn({ err }, 'price feed leadership: lock attempt failed'))
      .finally(() => (this.attempt = null));
    return this.attempt;
  }

  private async acquire(): Promise<void> {
    const client = this.client ?? (await this.connect());
    const key = await sql<{ s: string }>`select current_schema() as s`.execute(this.db).then((r) => `bourse:feed:${r.rows[0]!.s}`);
    const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [key]);
    if (!r.rows[0]!.ok || this.stopped) return;
    this.leading = true;
    this.onRole('leader');
    this.log.info('price feed: this process leads');
    await this.hooks.onLead();
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      if (!this.leading) return;
      this.leading = false;
      this.onRole('standby');
      this.log.warn('price feed: the leadership session was lost; standing by');
      void this.hooks.onLose();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    // A leader whose host vanishes (no FIN) frees the lock within about 25 s, not hours.
    await client.query('set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3');
    this.client = client;
    return client;
  }

  /** Stops trying; ends the session, which frees the lock for another process. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.attempt;
    const c = this.client;
    this.client = null;
    this.leading = false;
    if (c) {
      c.removeAllListeners('end');
      c.removeAllListeners('error');
      c.on('error', () => {});
      await c.end().catch(() => undefined);
    }
  }
}
