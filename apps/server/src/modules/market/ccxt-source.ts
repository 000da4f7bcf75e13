/**
 * Live prices through ccxt (off by default): polls the exchange's public tickers for the
 * configured symbols and hands the feed one tick per symbol whose price or time changed. Tick
 * volume is the growth of the exchange's rolling 24 h base volume since the previous poll (0 when
 * it shrinks). `apiUrl` points the exchange's public API at another origin (a proxy, or a local
 * server in tests).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Dec } from '@bourse/money';
import type { Instrument } from './instruments';
import type { NewTick } from './ticks';

interface TickerLike {
  symbol: string;
  last?: number | string | null;
  close?: number | string | null;
  timestamp?: number | null;
  baseVolume?: number | string | null;
}

interface ExchangeLike {
  urls: { api?: unknown };
  options: Record<string, unknown>;
  fetchTickers(symbols?: string[]): Promise<Record<string, TickerLike>>;
  close?: () => Promise<void>;
}

/** Rewrites every https URL in an exchange's `urls.api` onto `origin` (keeping the path). */
function repoint(api: unknown, origin: string): unknown {
  if (typeof api === 'string') return api.replace(/^https?:\/\/[^/]+/, origin.replace(/\/$/, ''));
  if (Array.isArray(api)) return api.map((a) => repoint(a, origin));
  if (api && typeof api === 'object') {
    return Object.fromEntries(Object.entries(api as Record<string, unknown>).map(([k, v]) => [k, repoint(v, origin)]));
  }
  return api;
}

export interface CcxtStatus {
  exchange: string;
  symbols: string[];
  polls: number;
  last_poll_at: string | null;
  last_error: string | null;
}

export class CcxtSource {
  private exchange: ExchangeLike | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private buffer = new Map<string, { price: string; at: number; volume: string }>();
  private seen = new Map<string, { at: number; baseVolume: string | null }>();
  polls = 0;
  lastPollAt: Date | null = null;
  lastError: string | null = null;

  constructor(
    readonly exchangeId: string,
    readonly symbols: string[],
    private readonly opts: { apiUrl?: string; pollMs?: number; log?: FastifyBaseLogger; now?: () => number } = {},
  ) {}

  private async load(): Promise<ExchangeLike> {
    if (this.exchange) return this.exchange;
    const ccxt = (await import('ccxt')) as unknown as Record<string, unknown> & { default?: Record<string, unknown> };
    const lib = ccxt.default ?? ccxt;
    const Ctor = lib[this.exchangeId];
    if (typeof Ctor !== 'function') throw new Error(`unknown ccxt exchange ${this.exchangeId}`);
    const ex = new (Ctor as new (o: object) => ExchangeLike)({ enableRateLimit: false, timeout: 10_000 });
    // Public spot data only.
    ex.options.fetchMarkets = { types: ['spot'] };
    ex.options.defaultType = 'spot';
    if (this.opts.apiUrl) ex.urls.api = repoint(ex.urls.api, this.opts.apiUrl);
    this.exchange = ex;
    return ex;
  }

  /** One poll of the exchange's tickers into the buffer. */
  async poll(): Promise<void> {
    try {
      const ex = await this.load();
      const tickers = await ex.fetchTickers(this.symbols);
      const now = this.opts.now?.() ?? Date.now();
      for (const symbol of this.symbols) {
        const t = tickers[symbol];
        const last = t?.last ?? t?.close;
        if (!t || last === null || last === undefined) continue;
        const price = new Dec(String(last));
        if (!price.isFinite() || price.lte(0)) continue;
        const at = t.timestamp ?? now;
        const prev = this.seen.get(symbol);
        const bv = t.baseVolume === null || t.baseVolume === undefined ? null : new Dec(String(t.baseVolume)).toFixed();
        let volume = '0';
        if (prev?.baseVolume && bv) {
          const d = new Dec(bv).sub(prev.baseVolume);
          if (d.gt(0)) volume = d.toFixed();
        }
        if (prev && prev.at === at) continue;
        this.seen.set(symbol, { at, baseVolume: bv });
        this.buffer.set(symbol, { price: price.toFixed(), at: Math.min(at, now), volume });
      }
      this.polls++;
      this.lastPollAt = new Date(now);
      this.lastError = null;
    } catch (err) {
      this.lastError = err instanceof Error ? err.message.slice(0, 300) : String(err);
      this.opts.log?.warn({ err: this.lastError, exchange: this.exchangeId }, 'ccxt poll failed');
    }
  }

  start(): void {
    if (this.timer) return;
    const run = () => {
      if (this.polling) return;
      this.polling = this.poll().finally(() => {
        this.polling = null;
      });
    };
    run();
    this.timer = setInterval(run, this.opts.pollMs ?? 2000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    await this.exchange?.close?.().catch(() => undefined);
    this.exchange = null; // a later start (the feed's leadership came back) opens a new one
  }

  /** Takes the buffered prices as ticks for the listed ccxt instruments (matched by source_symbol or symbol). */
  drain(instruments: Instrument[]): NewTick[] {
    const out: NewTick[] = [];
    for (const inst of instruments) {
      if (inst.source !== 'ccxt') continue;
      const key = inst.source_symbol || inst.symbol;
      const b = this.buffer.get(key);
      if (!b) continue;
      this.buffer.delete(key);
      const price = new Dec(b.price).toDecimalPlaces(inst.price_precision, Dec.ROUND_HALF_UP);
      if (price.lte(0)) continue;
      out.push({
        instrument_id: inst.id,
        price: price.toFixed(),
        volume: new Dec(b.volume).toDecimalPlaces(inst.amount_precision, Dec.ROUND_DOWN).toFixed(),
        at: new Date(b.at),
        source: 'ccxt',
      });
    }
    return out;
  }

  status(): CcxtStatus {
    return {
      exchange: this.exchangeId,
      symbols: this.symbols,
      polls: this.polls,
      last_poll_at: this.lastPollAt?.toISOString() ?? null,
      last_error: this.lastError,
    };
  }
}
