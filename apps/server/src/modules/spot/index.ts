/** The spot domain: spot trading: orders, fills, the matching engine and the market-making bot. The only file other modules import. */
import type { AppContext } from '../../context';
import { SpotBot, seedBots, setActiveBot, activeSpotBot, BOT_MAKER_EMAIL, BOT_TAKER_EMAIL } from './bot';
import { spotEngines } from './engines';
import { loadMarkets } from './market';
import { upsertMarketParams } from './repo';

export { spotRoutes } from './routes';
export { spotAdminRoutes } from './admin-routes';


/** Background work: the market writers (books rebuilt from the open orders) and, with demo data, the bot. */
export async function startSpotJobs(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const engines = spotEngines(ctx);
  const markets = await loadMarkets(ctx.db);
  for (const m of markets) {
    await upsertMarketParams(ctx.db, m.instrumentId, {}, ctx.clock.now());
    if (!m.listed) continue;
    try {
      await engines.writer(m);
    } catch (err) {
      // Another process holds this market's writer lock (several API processes on PostgreSQL).
      ctx.log.info({ market: m.symbol, err: err instanceof Error ? err.message : String(err) }, 'spot: market written by another process');
    }
  }
  let bot: SpotBot | null = null;
  if (ctx.config.demoData && ctx.config.spotBot) {
    const { maker, taker } = await seedBots(ctx);
    bot = new SpotBot(ctx, maker, taker);
    bot.start();
    setActiveBot(ctx, bot);
  }
  return {
    async stop() {
      if (bot) await bot.stop();
      if (activeSpotBot(ctx) === bot) setActiveBot(ctx, null);
      await engines.close();
    },
  };
}

/** Demo data of the domain (only with DEMO_DATA; idempotent): market parameters and the labelled bot accounts. */
export async function seedSpotDemo(ctx: AppContext): Promise<void> {
  for (const m of await loadMarkets(ctx.db)) await upsertMarketParams(ctx.db, m.instrumentId, {}, ctx.clock.now());
  await seedBots(ctx);
}

export { BOT_MAKER_EMAIL, BOT_TAKER_EMAIL };
