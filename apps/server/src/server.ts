import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrate, openDatabase, type DatabaseHandle } from './db/database';
import { seedDemoData } from './demo/seed';
import { systemClock, type Clock } from './lib/clock';
import { ensureFirstOperator } from './modules/operators';
import { custody, exchangeTickReferences, startAssetsJobs } from './modules/assets';
import { startChainJobs } from './modules/chain';
import { ensureContentDefaults } from './modules/content';
import { contractTickReferences, startContractsJobs } from './modules/contracts';
import { leverTickReferences, startLeverJobs } from './modules/lever';
import { startFollowJobs } from './modules/follow';
import { resolveSession } from './modules/sessions';
import { ensureBaseCurrencies, startMarketFeed } from './modules/market';
import { ensurePlatformDefaults, refreshFiatRates } from './modules/platform';
import { startSavingsJobs } from './modules/savings';
import { startSpotJobs } from './modules/spot';
import { attachSocketServer } from './realtime/socket';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  /** The operator password generated at first start (null when ADMIN_PASSWORD was given or not first start). */
  generatedAdminPassword: string | null;
  close(): Promise<void>;
}

/** Prepares the database: migrations, base data, defaults, the first operator, and demo data when on. */
export async function prepare(ctx: AppContext): Promise<string | null> {
  const ran = await migrate(ctx.db);
  if (ran.length) ctx.log.info({ migrations: ran }, 'migrations applied');
  await ensureBaseCurrencies(ctx.db);
  await ensurePlatformDefaults(ctx);
  await ensureContentDefaults(ctx);
  const generated = await ensureFirstOperator(ctx);
  if (ctx.config.demoData) await seedDemoData(ctx);
  return generated;
}

/** Starts the whole platform in this process: database, API, static apps, socket, jobs. */
export async function startServer(config: Config, clock: Clock = systemClock): Promise<RunningServer> {
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { app, ctx } = await buildApp({ config, db: handle.db, clock });
  let generatedAdminPassword: string | null;
  try {
    generatedAdminPassword = await prepare(ctx);
  } catch (err) {
    await handle.close();
    throw err;
  }
  await app.listen({ port: config.port, host: config.host });
  const io = attachSocketServer(app.server, ctx.realtime, (token) => resolveSession(ctx, token), app.log, {
    redisUrl: config.redisUrl,
  });
  // Price feed (MARKET_FEED): first start backfills simulated history, then ticks about once a second.
  // Tick retention keeps the ticks that contract orders, exchanges and lever positions name.
  const feed = await startMarketFeed(ctx, { tickReferences: [contractTickReferences, exchangeTickReferences, leverTickReferences] });
  // Domain jobs (schedulers, watchers, engines, bots); each stops cleanly on close().
  const jobs = [
    await startAssetsJobs(ctx),
    await startChainJobs(ctx, custody),
    await startContractsJobs(ctx),
    await startLeverJobs(ctx),
    await startFollowJobs(ctx),
    await startSpotJobs(ctx),
    await startSavingsJobs(ctx),
  ];

  // Fiat rates: checked hourly, fetched at most once per 24 h (refreshFiatRates enforces it).
  const fiatTimer = setInterval(() => void refreshFiatRates(ctx), 3600_000);
  fiatTimer.unref();
  void refreshFiatRates(ctx);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let closed = false;
  return {
    app,
    ctx,
    url: `http://127.0.0.1:${port}`,
    generatedAdminPassword,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(fiatTimer);
      for (const job of jobs.reverse()) await job.stop();
      await feed.stop();
      ctx.realtime.close();
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await app.close();
      await handle.close();
    },
  };
}
