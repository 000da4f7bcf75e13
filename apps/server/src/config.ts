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
  /** Demo data: how often the demo lead traders' bot trades (ms; FOLLOW_DEMO_BOT_MS, default 60 s). */
  followDemoBotMs: number;
  /** Stored ticks older than this many days are pruned hourly, except those a record names (0 = keep all). */
  marketTickRetentionDays: number;
  /** ccxt exchange id, symbols ("BTC/USDT,ETH/USDT") and an optional API base override. */
  ccxtExchange: string;
  ccxtSymbols: string[];
  ccxtApiUrl?: string;
  /** Savings accrual (modules/savings). */
  savings: {
    /** Minutes after 00:00 UTC when the previous UTC day's income is due (SAVINGS_ACCRUAL_UTC "HH:MM", default 00:05). */
    accrualMinute: number;
    /** Milliseconds between accrual checks (SAVINGS_JOB_MS, default 60000; 0 = no scheduler). */
    jobMs: number;
    /** Demo clock for the savings engine only, advanced from the console (SAVINGS_DEMO_CLOCK, default off). */
    demoClock: boolean;
  };
  /** Blockchain wallets (modules/chain): the chain settings below. */
  chain: ChainConfig;
  /** How long an exchange quote stays valid, in ms (ASSETS_QUOTE_TTL_MS, default 15000). */
  assetsQuoteTtlMs: number;
  /** Spot demo market-making bot, only with demo data (SPOT_BOT, default on; off disables it). */
  spotBot: boolean;
}

/** Blockchain settings: the HD seed of deposit addresses, the EVM watcher and the EVM hot wallet. */
export interface ChainConfig {
  /** BIP-39 phrase of deposit addresses (WALLET_MNEMONIC). Unset: a demo seed with demo data, else xpubs or none. */
  mnemonic?: string;
  /** xpub-only mode: account-level extended public keys (WALLET_XPUB_EVM / _TRON / _BTC). */
  xpubs: { evm?: string; tron?: string; btc?: string };
  /** Bitcoin address prefix: bc (mainnet) or tb (testnet) (BTC_NETWORK). */
  btcNetwork: 'mainnet' | 'testnet';
  /** JSON-RPC endpoint of the EVM chain; the watcher and signer run only when set (EVM_RPC_URL). */
  evmRpcUrl?: string;
  /** Expected chain id, checked against the node at start (EVM_CHAIN_ID). */
  evmChainId?: number;
  /** Blocks on top of (and including) a deposit's block before it is credited (EVM_CONFIRMATIONS, default 12). */
  evmConfirmations: number;
  /** First block to scan on the very first start (EVM_START_BLOCK; default: the head at that time). */
  evmStartBlock?: bigint;
  /** USDT ERC20 token contract (USDT_ERC20_ADDRESS); unset: USDT ERC20 is neither watched nor sent. */
  usdtErc20Address?: string;
  /** Private key of the EVM hot wallet that sends withdrawals (EVM_SIGNER_KEY); unset: no signer. */
  evmSignerKey?: string;
  /** Milliseconds between watcher/signer rounds (CHAIN_POLL_MS, default 5000). */
  pollMs: number;
  /** Blocks per scan batch (EVM_SCAN_BATCH, default 100). */
  evmScanBatch: number;
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
    followDemoBotMs: Math.max(1000, Number(env.FOLLOW_DEMO_BOT_MS) || 60_000),
    marketBackfillDays: env.MARKET_BACKFILL_DAYS !== undefined && env.MARKET_BACKFILL_DAYS !== '' ? Math.max(0, Number(env.MARKET_BACKFILL_DAYS) || 0) : 30,
    marketTickRetentionDays:
      env.MARKET_TICK_RETENTION_DAYS !== undefined && env.MARKET_TICK_RETENTION_DAYS !== '' ? Math.max(0, Number(env.MARKET_TICK_RETENTION_DAYS) || 0) : 7,
    ccxtExchange: env.CCXT_EXCHANGE || 'binance',
    ccxtSymbols: (env.CCXT_SYMBOLS ?? '').split(',').map((x) => x.trim().toUpperCase()).filter(Boolean),
    ccxtApiUrl: env.CCXT_API_URL || undefined,
    savings: {
      accrualMinute: /^([01]\d|2[0-3]):[0-5]\d$/.test(env.SAVINGS_ACCRUAL_UTC ?? '')
        ? Number(env.SAVINGS_ACCRUAL_UTC!.slice(0, 2)) * 60 + Number(env.SAVINGS_ACCRUAL_UTC!.slice(3))
        : 5,
      jobMs: env.SAVINGS_JOB_MS !== undefined && env.SAVINGS_JOB_MS !== '' ? Math.max(0, Number(env.SAVINGS_JOB_MS) || 0) : 60_000,
      demoClock: flag(env.SAVINGS_DEMO_CLOCK, false),
    },
    assetsQuoteTtlMs: Math.min(120_000, Math.max(3_000, Number(env.ASSETS_QUOTE_TTL_MS) || 15_000)),
    spotBot: flag(env.SPOT_BOT, true),
    chain: {
      mnemonic: env.WALLET_MNEMONIC?.trim() || undefined,
      xpubs: {
        evm: env.WALLET_XPUB_EVM || undefined,
        tron: env.WALLET_XPUB_TRON || undefined,
        btc: env.WALLET_XPUB_BTC || undefined,
      },
      btcNetwork: env.BTC_NETWORK === 'testnet' ? 'testnet' : 'mainnet',
      evmRpcUrl: env.EVM_RPC_URL || undefined,
      evmChainId: env.EVM_CHAIN_ID ? Number(env.EVM_CHAIN_ID) : undefined,
      evmConfirmations: Math.max(1, Number(env.EVM_CONFIRMATIONS) || 12),
      evmStartBlock: env.EVM_START_BLOCK && /^\d+$/.test(env.EVM_START_BLOCK) ? BigInt(env.EVM_START_BLOCK) : undefined,
      usdtErc20Address: env.USDT_ERC20_ADDRESS || undefined,
      evmSignerKey: env.EVM_SIGNER_KEY || undefined,
      pollMs: Math.max(200, Number(env.CHAIN_POLL_MS) || 5000),
      evmScanBatch: Math.max(1, Number(env.EVM_SCAN_BATCH) || 100),
    },
  };
}
