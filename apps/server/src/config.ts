import { resolve } from 'node:path';

/** Configuration from the environment (README has the table). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  demoData: boolean;
  adminPassword?: string;
  /** Where fiat rates are refreshed from (JSON {rates:{CODE:rate}} against USD); off when unset. */
  fiatRatesUrl?: string;
  logLevel: string;
  /** Built web app and console to serve; absent in API-only tests. */
  webDist?: string;
  adminDist?: string;
  /** Public origin used in links and wallet sign-in messages. */
  publicOrigin?: string;
  trustProxy: boolean;
  /** Market price feed: 'simulated' (default, demo data), 'ccxt' (live exchange) or 'off'. */
  marketFeed: 'simulated' | 'ccxt' | 'off';
  /** Seed of the simulated feed (same seed → same prices). */
  marketSeed: number;
  /** Milliseconds between feed rounds (about one tick per second per market). */
  marketTickMs: number;
  /** Days of 1-minute history generated on first start for simulated markets (0 = none). */
  marketBackfillDays: number;
  /** ccxt exchange id, symbols ("BTC/USDT,ETH/USDT") and an optional API base override. */
  ccxtExchange: string;
  ccxtSymbols: string[];
  ccxtApiUrl?: string;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    // Demo data is on for the embedded database and off for a real PostgreSQL unless asked for.
    demoData: flag(env.DEMO_DATA, !databaseUrl),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    fiatRatesUrl: env.FIAT_RATES_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: resolve(root, env.WEB_DIST ?? 'apps/web/dist'),
    adminDist: resolve(root, env.ADMIN_DIST ?? 'apps/admin/dist'),
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    trustProxy: flag(env.TRUST_PROXY, false),
    marketFeed: env.MARKET_FEED === 'ccxt' || env.MARKET_FEED === 'off' ? env.MARKET_FEED : 'simulated',
    marketSeed: Number.isInteger(Number(env.MARKET_SEED)) && env.MARKET_SEED ? Number(env.MARKET_SEED) : 20211,
    marketTickMs: Math.max(100, Number(env.MARKET_TICK_MS) || 1000),
    marketBackfillDays: env.MARKET_BACKFILL_DAYS !== undefined && env.MARKET_BACKFILL_DAYS !== '' ? Math.max(0, Number(env.MARKET_BACKFILL_DAYS) || 0) : 30,
    ccxtExchange: env.CCXT_EXCHANGE || 'binance',
    ccxtSymbols: (env.CCXT_SYMBOLS ?? '').split(',').map((x) => x.trim().toUpperCase()).filter(Boolean),
    ccxtApiUrl: env.CCXT_API_URL || undefined,
  };
}
