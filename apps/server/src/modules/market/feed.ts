/**
 * The price feed: sources produce ticks, the feed stores them (one statement per batch), merges
 * them into candles of every period, and publishes the batched 'ticker' and per-symbol kline
 * updates. Two sources: the seeded simulated feed (embedded default, demo data) and ccxt
 * (live exchange data, off by default). `step()` is one round; the timer only calls it, so tests
 * drive the feed with a manual clock.
 */
import { SOCKET_EVENTS, channels } from '@bourse/contract';
import type { AppContext } from '../../context';
import { hasCandles, lastCandle, mergeTicks, stats24h } from './candles';
import type { CcxtSource } from './ccxt-source';
import { listInstruments, type Instrument } from './instruments';
import { fixed, tickerFields, type TickerEntry } from './quotes';
import { planBackfill, simState, simStep, writeBackfillChunk, type BackfillPlan, type SimState } from './sim';
import { insertTicks, latestTick, type NewTick } from './ticks';
import { marketOpen } from './trading-hours';

export interface FeedOptions {
  /** 'simulated' (default) ticks simulated markets; 'ccxt' also polls the exchange for ccxt markets; 'off' runs nothing. */
  mode: 'simulated' | 'ccxt' | 'off';
  seed: number;
  tickMs: number;
  /** Days of 1-minute history generated for simulated markets without candles (0 = none). */
  backfillDays: number;
  ccxt?: CcxtSource;
}

export interface FeedMarketStatus {
  instrument_id: number;
  symbol: string;
  source: string;
  status: number;
  last_price: string | null;
  last_tick_at: string | null;
  age_ms: number | null;
  stale: boolean;
}

export class MarketFeed {
  private sims = new Map<number, SimState>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastStepAt = 0;
  private plans: BackfillPlan[] = [];
  private stopped = false;
  /** Resolves when the history backfill of this start has been written (or stopped). */
  backfill: Promise<void> = Promise.resolve();
  backfillProgress = { chunks: 0, total: 0, rows: 0 };
  steps = 0;
  lastError: string | null = null;

  constructor(
    private readonly ctx: AppContext,
    readonly options: FeedOptions,
  ) {}

  /** Prepares simulated markets: backfills history where there is none and picks up the last price. */
  async init(): Promise<void> {
    if (this.options.mode === 'off') return;
    const now = this.ctx.clock.now();
    for (const inst of await listInstruments(this.ctx.db)) {
      if (inst.source === 'simulated') await this.ensureSim(inst, now);
    }
  }

  /**
   * Writes the planned history: one UTC day of one market per statement group, newest day of
   * every market first, so recent charts fill within a second while older days follow and API
   * requests interleave between chunks.
   */
  async runBackfill(): Promise<void> {
    const plans = this.plans;
    this.plans = [];
    const t0 = Date.now();
    const depth = Math.max(0, ...plans.map((p) => p.chunks.length));
    for (let d = 0; d < depth; d++) {
      for (const plan of plans) {
        const chunk = plan.chunks[d];
        if (!chunk || this.stopped) continue;
        this.backfillProgress.rows += await writeBackfillChunk(this.ctx.db, plan, chunk[0], chunk[1]);
        this.backfillProgress.chunks++;
      }
    }
    if (plans.length) this.ctx.log.info({ markets: plans.length, ...this.backfillProgress, ms: Date.now() - t0 }, 'simulated market history backfilled');
  }

  private async ensureSim(inst: Instrument, now: Date): Promise<SimState> {
    const existing = this.sims.get(inst.id);
    if (existing) return existing;
    let start = inst.sim_price;
    const tick = await latestTick(this.ctx.db, inst.id, now, Number.MAX_SAFE_INTEGER);
    if (tick) start = tick.price;
    else if (await hasCandles(this.ctx.db, inst.id)) start = (await lastCandle(this.ctx.db, inst.id, '1min'))?.close ?? start;
    else if (this.options.backfillDays > 0) {
      const plan = planBackfill(inst, this.options.seed, start, now.getTime(), this.options.backfillDays);
      this.plans.push(plan);
      this.backfillProgress.total += plan.chunks.length;
    }
    const s = simState(inst, this.options.seed, start);
    this.sims.set(inst.id, s);
    return s;
  }

  /** One round: collect ticks from the sources, store them, merge candles, publish. */
  async step(): Promise<number> {
    const now = this.ctx.clock.now();
    const dt = this.lastStepAt ? Math.max(1, now.getTime() - this.lastStepAt) : this.options.tickMs;
    this.lastStepAt = now.getTime();
    // Every market, suspended or not: suspension stops new orders, never the index record. Open
    // contract orders settle on the first recorded tick at or after expiry, so a feed that paused
    // with the market would let a console action choose which price settles them.
    const instruments = await listInstruments(this.ctx.db);
    const ticks: NewTick[] = [];
    if (this.options.mode !== 'off') {
      for (const inst of instruments) {
        if (inst.source !== 'simulated') continue;
        // FX and metals do not trade at weekends (trading-hours.ts): no index ticks then, as on the interbank market.
        if (!marketOpen(inst.kind, now)) continue;
        const s = await this.ensureSim(inst, now);
        const { price, volume } = simStep(s, Math.min(dt, 60_000));
        ticks.push({ instrument_id: inst.id, price, volume, at: now, source: 'simulated' });
      }
    }
    if (this.options.ccxt) {
      for (const t of this.options.ccxt.drain(instruments)) ticks.push(t);
    }
    if (ticks.length === 0) return 0;
    const { stored, candles } = await this.ctx.db.transaction().execute(async (trx) => {
      const stored = await insertTicks(trx, ticks);
      const candles = await mergeTicks(trx, stored);
      return { stored, candles };
    });
    this.steps++;
    this.publish(instruments, stored.map((t) => t.instrument_id), candles, now);
    return stored.length;
  }

  private publish(
    instruments: Instrument[],
    ticked: number[],
    candles: Awaited<ReturnType<typeof mergeTicks>>,
    now: Date,
  ): void {
    const realtime = this.ctx.realtime;
    const byId = new Map(instruments.map((i) => [i.id, i]));
    for (const c of candles) {
      const inst = byId.get(c.instrument_id);
      if (!inst) continue;
      realtime.publish(channels.kline(inst.symbol, c.period), SOCKET_EVENTS.kline, {
        symbol: inst.symbol,
        period: c.period,
        time: Math.floor(c.open_time.getTime() / 1000),
        open: fixed(c.open, inst.price_precision),
        high: fixed(c.high, inst.price_precision),
        low: fixed(c.low, inst.price_precision),
        close: fixed(c.close, inst.price_precision),
        volume: fixed(c.volume, inst.amount_precision),
        quote_volume: fixed(c.quote_volume, 2),
      });
    }
    // 24 h statistics come from the candles just written; the ticker batch is one message.
    void stats24h(this.ctx.db, now)
      .then((stats) => {
        const ids = new Set(ticked);
        const entries: TickerEntry[] = [];
        for (const id of ids) {
          const inst = byId.get(id);
          if (inst) entries.push({ symbol: inst.symbol, ...tickerFields(inst, stats.get(id)), ts: now.getTime() });
        }
        if (entries.length) realtime.publish(channels.ticker(), SOCKET_EVENTS.ticker, entries, mergeTickers);
      })
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'ticker statistics failed'));
  }

  /** Runs `step` every tickMs (never two at once) after `init`. */
  start(): void {
    if (this.timer || this.options.mode === 'off') return;
    this.backfill = this.runBackfill().catch((err: unknown) => this.ctx.log.error({ err }, 'market history backfill failed'));
    const run = () => {
      if (this.running) return;
      this.running = this.step()
        .then(() => {
          this.lastError = null;
        })
        .catch((err: unknown) => {
          this.lastError = err instanceof Error ? err.message : String(err);
          this.ctx.log.warn({ err }, 'market feed step failed');
        })
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(run, this.options.tickMs);
    this.timer.unref();
  }

  /**
   * Stops ticking but can start again (the feed's leadership moved to another process). The next
   * `start` re-reads every market's last stored price, which the other leader may have moved.
   */
  async pause(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.options.ccxt?.stop();
    await this.running;
    this.sims.clear();
    this.lastStepAt = 0;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.options.ccxt?.stop();
    await this.running;
    await this.backfill;
  }

  get isRunning(): boolean {
    return this.timer !== null;
  }
}

/** Ticker batches coalesce by symbol: the newest entry per symbol wins. */
export function mergeTickers(prev: unknown, next: unknown): unknown {
  const map = new Map<string, TickerEntry>();
  for (const e of [...(prev as TickerEntry[]), ...(next as TickerEntry[])]) map.set(e.symbol, e);
  return [...map.values()];
}
