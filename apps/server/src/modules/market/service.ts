/** Start-up of the price feed and the feed status of the console. */
import { Dec } from '@bourse/money';
import type { AppContext } from '../../context';
import { CcxtSource } from './ccxt-source';
import { MarketFeed } from './feed';
import { listInstruments } from './instruments';
import { STALE_MS, lastTicks } from './ticks';

let active: MarketFeed | null = null;

/** The feed running in this process, if any. */
export function activeFeed(): MarketFeed | null {
  return active;
}

/**
 * Starts the feed configured by MARKET_FEED: backfills simulated history on first start (awaited,
 * so charts are never empty), then ticks every MARKET_TICK_MS. Stop it with `feed.stop()`.
 */
export async function startMarketFeed(ctx: AppContext): Promise<MarketFeed> {
  const c = ctx.config;
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
  await feed.init();
  ccxt?.start();
  feed.start();
  active = feed;
  const stop = feed.stop.bind(feed);
  feed.stop = async () => {
    if (active === feed) active = null;
    await stop();
  };
  return feed;
}

/** Per market: source, last tick, its age and whether it is stale; plus the feed's own state. */
export async function feedStatus(ctx: AppContext) {
  const now = ctx.clock.now();
  const [instruments, ticks] = await Promise.all([listInstruments(ctx.db), lastTicks(ctx.db)]);
  const feed = active;
  return {
    mode: feed?.options.mode ?? 'stopped',
    running: feed?.isRunning ?? false,
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
