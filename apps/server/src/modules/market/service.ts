/** Start-up of the price feed and the feed status of the console. */
import type { FeedStatus } from '@bourse/contract';
import { Dec } from '@bourse/money';
import type { AppContext } from '../../context';
import { CcxtSource } from './ccxt-source';
import { MarketFeed } from './feed';
import { FeedLeader } from './feed-leader';
import { pruneTicks, type PruneResult } from './retention';
import { listInstruments } from './instruments';
import type { TickReferenceReader } from './tick-references';
import { STALE_MS, lastTicks } from './ticks';

/** The feed of one app: what it runs, its role across processes, and the last pruning. */
interface FeedState {
  active: MarketFeed | null;
  /** Whether this process runs the feed: alone (PGlite), as the leader, or standing by. */
  role: 'single' | 'leader' | 'standby';
  lastPrune: (PruneResult & { at: Date }) | null;
}

// Per app context, so two apps in one process (tests) never share a feed.
const states = new WeakMap<AppContext, FeedState>();

function stateOf(ctx: AppContext): FeedState {
  let s = states.get(ctx);
  if (!s) states.set(ctx, (s = { active: null, role: 'single', lastPrune: null }));
  return s;
}

/** The feed this app runs, if any. */
export function activeFeed(ctx: AppContext): MarketFeed | null {
  return stateOf(ctx).active;
}

export interface MarketFeedOptions {
  /** The readers of the modules whose records name ticks; pruning keeps those ticks (tick-references.ts). */
  tickReferences: readonly TickReferenceReader[];
}

/**
 * Starts the feed configured by MARKET_FEED: backfills simulated history on first start (in the
 * background, newest day first, so charts are never empty), then ticks every MARKET_TICK_MS, and
 * prunes old ticks hourly (retention.ts). Stop it with `feed.stop()`.
 *
 * With DATABASE_URL several API processes may run; exactly one of them runs the feed: the one
 * holding the feed's advisory lock (feed-leader.ts). The others stand by and take over within
 * FEED_LEADER_RETRY_MS when the leader's database session ends (it crashed or stopped).
 */
export async function startMarketFeed(ctx: AppContext, options: MarketFeedOptions): Promise<MarketFeed> {
  const c = ctx.config;
  const state = stateOf(ctx);
  const ccxt =
    c.marketFeed === 'ccxt' && c.ccxtSymbols.length > 0
      ? new CcxtSource(c.ccxtExchange, c.ccxtSymbols, { apiUrl: c.ccxtApiUrl, log: ctx.log })
      : undefined;
  const feed = new MarketFeed(ctx, {
    mode: c.marketFeed,
    seed: c.marketSeed,
    tickMs: c.marketTickMs,
    backfillDays: c.marketBackfillDays,
    ccxt,
  });
  state.active = feed;
  const lead = async () => {
    await feed.init();
    ccxt?.start();
    feed.start();
  };
  const leader =
    c.databaseUrl && c.marketFeed !== 'off'
      ? new FeedLeader(ctx.db, c.databaseUrl, ctx.log, { onLead: lead, onLose: () => feed.pause() })
      : null;
  state.role = leader ? 'standby' : 'single';
  if (leader) {
    leader.onRole = (r) => (state.role = r);
    await leader.start();
  } else {
    await lead();
  }
  const retention = c.marketTickRetentionDays > 0 && c.marketFeed !== 'off' ? startRetention(ctx, options.tickReferences, () => state.role !== 'standby') : null;
  const stop = feed.stop.bind(feed);
  feed.stop = async () => {
    if (state.active === feed) state.active = null;
    retention?.stop();
    await leader?.stop();
    await stop();
  };
  return feed;
}

/** Hourly (and once a minute after start) pruning of old ticks, only where the feed runs. */
function startRetention(ctx: AppContext, references: readonly TickReferenceReader[], leading: () => boolean): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running || !leading()) return;
    running = true;
    try {
      const before = new Date(ctx.clock.now().getTime() - ctx.config.marketTickRetentionDays * 86_400_000);
      const r = await pruneTicks(ctx.db, before, references);
      stateOf(ctx).lastPrune = { ...r, at: ctx.clock.now() };
      if (r.deleted) ctx.log.info({ deleted: r.deleted, cutoff: r.cutoff }, 'old ticks pruned');
    } catch (err) {
      ctx.log.warn({ err }, 'tick pruning failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 60_000);
  const hourly = setInterval(() => void run(), 3_600_000);
  first.unref();
  hourly.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(hourly);
    },
  };
}

/** Per market: source, last tick, its age and whether it is stale; plus the feed's own state. */
export async function feedStatus(ctx: AppContext): Promise<FeedStatus> {
  const now = ctx.clock.now();
  const [instruments, ticks] = await Promise.all([listInstruments(ctx.db), lastTicks(ctx.db)]);
  const { active: feed, role, lastPrune } = stateOf(ctx);
  return {
    mode: feed?.options.mode ?? 'stopped',
    running: feed?.isRunning ?? false,
    role,
    tick_retention_days: ctx.config.marketTickRetentionDays,
    last_prune: lastPrune ? { at: lastPrune.at.toISOString(), deleted: lastPrune.deleted, cutoff: lastPrune.cutoff.toISOString() } : null,
    tick_ms: feed?.options.tickMs ?? ctx.config.marketTickMs,
    seed: feed?.options.seed ?? ctx.config.marketSeed,
    backfill_days: ctx.config.marketBackfillDays,
    stale_ms: STALE_MS,
    steps: feed?.steps ?? 0,
    last_error: feed?.lastError ?? null,
    ccxt: feed?.options.ccxt?.status() ?? {
      exchange: ctx.config.ccxtExchange,
      symbols: ctx.config.ccxtSymbols,
      polls: 0,
      last_poll_at: null,
      last_error: null,
    },
    markets: instruments.map((i) => {
      const t = ticks.get(i.id);
      const age = t ? now.getTime() - t.at.getTime() : null;
      return {
        instrument_id: i.id,
        symbol: i.symbol,
        source: i.source,
        status: i.status,
        last_price: t ? new Dec(t.price).toFixed() : null,
        last_tick_at: t?.at.toISOString() ?? null,
        age_ms: age,
        stale: age === null || age > STALE_MS,
      };
    }),
  };
}
