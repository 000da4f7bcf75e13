/**
 * The demo market maker (DEMO DATA ONLY, labelled as such): a demo user account funded from the
 * `demo` system account that quotes a ladder of bids and asks around the index price (stored
 * ticks) through the same placeOrder/cancelOrder service as users, so the embedded default
 * never shows an empty book. A second labelled demo account sends an occasional small market
 * order so the tape (recent trades, last price) moves.
 *
 * Quotes sit on a fixed price grid (step × index at the first quote), so a small index move
 * changes one level per side instead of re-placing the whole ladder.
 */
import { Dec, parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { ensureDemoUser } from '../identity';
import { ledger } from '../ledger';
import { listInstruments } from '../market';
import { spotEngines } from './engines';
import { loadMarkets, lotsText, priceText, type SpotMarket } from './market';
import { cancelOrder, placeOrder } from './service';
import { SPOT_ACCOUNT_TYPE } from './types';
import { AppError } from '../../http/errors';

export const BOT_MAKER_EMAIL = 'market-maker.bot@demo.invalid';
export const BOT_TAKER_EMAIL = 'demo-flow.bot@demo.invalid';
const BOT_INTERVAL_MS = 1000;
/** Per market: a demo market order about every this many cycles. */
const TAKER_EVERY = 4;
/** Demo funding per bot account: quote, and base worth this much quote at the start price. */
const FUND_QUOTE = '5000000';
const FUND_BASE_VALUE = '2500000';

export interface BotMarketStatus {
  symbol: string;
  enabled: boolean;
  lastCycleAt: string | null;
  lastError: string | null;
  orders: number;
  placed: number;
  cancelled: number;
  takerOrders: number;
  grid: string | null;
}

/** Creates the two labelled demo bot accounts and funds them from `demo` (idempotent). */
export async function seedBots(ctx: AppContext): Promise<{ maker: number; taker: number }> {
  const maker = await ensureDemoUser(ctx.db, BOT_MAKER_EMAIL, 'Market maker bot (demo)');
  const taker = await ensureDemoUser(ctx.db, BOT_TAKER_EMAIL, 'Demo order flow bot (demo)');
  const markets = await loadMarkets(ctx.db);
  const insts = await listInstruments(ctx.db);
  const startPrice = new Map(insts.map((i) => [i.id, i.sim_price]));
  await ctx.db.transaction().execute(async (trx) => {
    const fund = async (userId: number, currencyId: number, amount: bigint) => {
      if (amount <= 0n) return;
      await ledger.transfer(
        trx,
        await ledger.systemAccount(trx, 'demo', currencyId),
        await ledger.userAccount(trx, userId, currencyId, SPOT_ACCOUNT_TYPE),
        amount,
        { kind: 'demo_credit', refType: 'user', refId: String(userId), idempotencyKey: `spot:bot:${userId}:${currencyId}`, memo: 'Demo data: spot bot funding' },
        ctx.clock.now(),
      );
    };
    const quotes = new Map<number, number>();
    for (const m of markets) quotes.set(m.quoteCurrencyId, m.quoteDecimals);
    for (const userId of [maker, taker]) {
      for (const [currencyId, decimals] of quotes) await fund(userId, currencyId, parseUnits(FUND_QUOTE, decimals));
      for (const m of markets) {
        const price = startPrice.get(m.instrumentId);
        if (!price) continue;
        const amount = Dec(FUND_BASE_VALUE).div(price).toDecimalPlaces(m.baseDecimals, Dec.ROUND_DOWN).toFixed();
        await fund(userId, m.baseCurrencyId, parseUnits(amount, m.baseDecimals));
      }
    }
  });
  return { maker, taker };
}

/** The running demo bot of each app (one per app context, so two apps can run in one process). */
const activeBots = new WeakMap<AppContext, SpotBot>();

/** The app's running demo bot (console status), if any. */
export function activeSpotBot(ctx: AppContext): SpotBot | null {
  return activeBots.get(ctx) ?? null;
}

export function setActiveBot(ctx: AppContext, bot: SpotBot | null): void {
  if (bot) activeBots.set(ctx, bot);
  else activeBots.delete(ctx);
}

interface MarketState {
  grid: bigint | null;
  lots: bigint;
  cycles: number;
  status: BotMarketStatus;
}

export class SpotBot {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private state = new Map<number, MarketState>();
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly maker: number,
    private readonly taker: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (!this.running && !this.stopped) {
        this.running = this.cycle()
          .catch((err: unknown) => this.ctx.log.warn({ err }, 'spot bot cycle failed'))
          .finally(() => (this.running = null));
      }
    }, BOT_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.running) await this.running;
  }

  status(): BotMarketStatus[] {
    return [...this.state.values()].map((s) => ({ ...s.status }));
  }

  /** One round over every market (exported for tests, which drive it with the manual clock). */
  async cycle(): Promise<void> {
    const markets = await loadMarkets(this.ctx.db);
    for (const m of markets) {
      if (this.stopped) return;
      const st = this.stateOf(m);
      st.status.enabled = m.bot.enabled && m.listed && m.trading;
      try {
        await this.quote(m, st);
        st.status.lastError = null;
      } catch (err) {
        st.status.lastError = err instanceof Error ? err.message : String(err);
      }
      st.status.lastCycleAt = this.ctx.clock.now().toISOString();
    }
  }

  private stateOf(m: SpotMarket): MarketState {
    let st = this.state.get(m.instrumentId);
    if (!st) {
      st = {
        grid: null,
        lots: 0n,
        cycles: 0,
        status: { symbol: m.symbol, enabled: true, lastCycleAt: null, lastError: null, orders: 0, placed: 0, cancelled: 0, takerOrders: 0, grid: null },
      };
      this.state.set(m.instrumentId, st);
    }
    return st;
  }

  private async quote(m: SpotMarket, st: MarketState): Promise<void> {
    const engines = spotEngines(this.ctx);
    // The bot quotes from the process that writes the market (it reads its own resting orders
    // from that book); other API processes leave the market to it.
    const writer = await engines.writer(m).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'spot_busy') return null;
      throw err;
    });
    if (!writer) return;
    const mine = writer.openOrdersOf(this.maker).map((id) => writer.openOrder(id)!).filter(Boolean);
    const index = (await engines.indexPrice(m)).ticks;
    if (!st.status.enabled || index === null) {
      // Disabled, suspended or no fresh price: withdraw the quotes rather than quote blind.
      for (const o of mine) await this.cancel(o.id, st);
      st.status.orders = writer.openOrdersOf(this.maker).length;
      return;
    }
    const step = Dec(m.bot.step);
    if (st.grid === null || Dec(st.grid.toString()).div(index.toString()).sub(step).abs().gt(step.mul(0.5))) {
      const g = BigInt(Dec(index.toString()).mul(step).ceil().toFixed(0));
      st.grid = g > 0n ? g : 1n;
      const lots = BigInt(
        Dec(m.bot.levelNotional)
          .div(Dec(index.toString()).div(Dec(10).pow(m.pricePrecision)))
          .mul(Dec(10).pow(m.amountPrecision))
          .floor()
          .toFixed(0),
      );
      st.lots = lots > 0n ? lots : 1n;
      st.status.grid = priceText(m, st.grid);
    }
    const g = st.grid;
    const spread = BigInt(Dec(index.toString()).mul(m.bot.spread).ceil().toFixed(0));
    const topBid = ((index - spread) / g) * g;
    const topAsk = ((index + spread + g - 1n) / g) * g;
    const want = new Map<string, { side: 'buy' | 'sell'; ticks: bigint }>();
    for (let k = 0n; k < BigInt(m.bot.levels); k++) {
      const bid = topBid - k * g;
      const ask = topAsk + k * g;
      if (bid > 0n) want.set(`buy:${bid}`, { side: 'buy', ticks: bid });
      want.set(`sell:${ask}`, { side: 'sell', ticks: ask });
    }
    // Keep quotes still on the ladder; cancel the rest; fill the gaps.
    for (const o of mine) {
      const key = `${o.side}:${o.priceTicks}`;
      if (want.has(key)) want.delete(key);
      else await this.cancel(o.id, st);
    }
    for (const q of want.values()) {
      try {
        // Post-only: a quote never takes (it is refused if the book moved through it).
        await placeOrder(this.ctx, this.maker, {
          symbol: m.symbol,
          side: q.side,
          orderType: 'limit',
          tif: 'post_only',
          price: priceText(m, q.ticks),
          amount: lotsText(m, st.lots),
        });
        st.status.placed++;
      } catch (err) {
        st.status.lastError = err instanceof Error ? err.message : String(err);
      }
    }
    st.cycles++;
    if (st.cycles % TAKER_EVERY === 0) {
      const side = Math.random() < 0.5 ? 'buy' : 'sell';
      const lots = 1n + BigInt(Math.floor(Math.random() * Number(st.lots > 1n ? st.lots : 1n)) / 3);
      try {
        await placeOrder(this.ctx, this.taker, { symbol: m.symbol, side, orderType: 'market', tif: 'ioc', amount: lotsText(m, lots) });
        st.status.takerOrders++;
      } catch {
        // Below the minimum value or no price: skip this round.
      }
    }
    st.status.orders = writer.openOrdersOf(this.maker).length;
  }

  private async cancel(id: number, st: MarketState): Promise<void> {
    try {
      await cancelOrder(this.ctx, null, id, 'bot');
      st.status.cancelled++;
    } catch {
      // Filled meanwhile.
    }
  }
}
