/**
 * The one writer of a market: it owns the market's order book and is the only code that changes
 * the market's orders. Commands (place, cancel) queue up; the writer takes everything queued
 * (up to MAX_BATCH) and applies it in ONE database transaction (group commit): per order a
 * freeze, per fill one journal entry settling buyer and seller (fees and rounding residue
 * included), per finished order a release of what stayed frozen, then one upsert of every
 * touched order and one insert of the trades. Orders, fills and journal entries commit together.
 *
 * If a transaction fails the in-memory book may be ahead of the database, so the writer rebuilds
 * it from the open orders (the database is the truth) and retries the commands one at a time.
 */
import { formatUnits } from '@bourse/money';
import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { ledger, postMany, type ManyEntry } from '../ledger';
import { OrderBook, type Fill, type OrderType, type Side, type TimeInForce } from './engine/book';
import { feeOf, lotUnits, notionalToQuote, type SpotMarket } from './market';
import { openOrderRows, rowToState } from './repo';

type Trx = Transaction<DB>;

/** Orders applied per transaction at most (a burst is split into several groups). */
export const MAX_BATCH = 256;
/** Queue length beyond which new commands are refused (`spot_busy`) rather than queued. */
export const MAX_QUEUE = 20_000;
/** Order ids fetched from the sequence at once. */
const ORDER_ID_BLOCK = 1024;
export const SPOT_ACCOUNT_TYPE = 2;

export type CancelReason = 'user' | 'operator' | 'ioc' | 'self_trade' | 'no_liquidity' | 'bot';

export interface OrderState {
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  type: OrderType;
  tif: TimeInForce;
  /** Limit price (market: protection price) in ticks; its decimal text (null for market). */
  priceTicks: number;
  price: string | null;
  amountLots: number;
  filledLots: number;
  /** Frozen at placement (quote for a buy, base for a sell), spent on fills, released at the end. */
  frozen: bigint;
  used: bigint;
  released: bigint;
  /** Quote paid (buy) or received before fee (sell), in quote base units. */
  quoteFilled: bigint;
  /** Σ ticks × lots of the fills (exact notional; the rounding of payments is cumulative). */
  notional: bigint;
  /** Fee charged: base units for a buy, quote units for a sell. */
  fee: bigint;
  status: 'open' | 'filled' | 'cancelled';
  cancelReason: CancelReason | null;
  clientOrderId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewOrder {
  userId: number;
  side: Side;
  type: OrderType;
  tif: TimeInForce;
  priceTicks: number;
  price: string | null;
  amountLots: number;
  /** What to freeze: quote units for a buy, base units for a sell. */
  freeze: bigint;
  clientOrderId: string | null;
}

export interface TradeRecord {
  id: string;
  price: number;
  lots: number;
  quote: bigint;
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  at: Date;
}

/** What one committed group changed (for realtime). */
export interface Committed {
  orders: OrderState[];
  trades: TradeRecord[];
}

type Command = (
  | { kind: 'place'; order: NewOrder; resolve: (o: OrderState) => void; reject: (e: unknown) => void }
  | {
      kind: 'cancel';
      orderId: number;
      /** Only this user's order (null: operator or system). */
      userId: number | null;
      reason: CancelReason;
      resolve: (o: OrderState) => void;
      reject: (e: unknown) => void;
    }
) & {
  /** Wall-clock ms after which the command is refused unapplied (forwarded: its sender gave up). */
  deadline?: number;
};

type Outcome = { ok: true; order: OrderState } | { ok: false; error: unknown };

export class MarketWriter {
  book = new OrderBook();
  private orders = new Map<number, OrderState>();
  private queue: Command[] = [];
  private running: Promise<void> | null = null;
  private closed = false;
  private accounts = new Map<string, number>();
  private idBlock: number[] = [];
  /** The group being applied: its entries and the locked spending balances as they evolve. */
  private group: { entries: ManyEntry[]; available: Map<number, bigint> } | null = null;
  /** Groups committed and orders per group (console status). */
  readonly stats = { groups: 0, commands: 0, fills: 0, rebuilds: 0, maxGroup: 0, busyMs: 0 };

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    public market: SpotMarket,
    private readonly onCommit: (c: Committed) => void = () => {},
  ) {}

  /** Loads the open orders into a fresh book, in their original time order (id order). */
  async rebuild(): Promise<void> {
    const rows = await openOrderRows(this.db, this.market.instrumentId);
    const book = new OrderBook();
    const orders = new Map<number, OrderState>();
    for (const r of rows) {
      const o = rowToState(r);
      orders.set(o.id, o);
      book.restore({ id: o.id, owner: o.userId, side: o.side, price: o.priceTicks, remaining: o.amountLots - o.filledLots });
    }
    this.book = book;
    this.orders = orders;
    this.accounts.clear();
    this.group = null;
    this.stats.rebuilds++;
  }

  /** An open order of this market (a copy), if resting here. */
  openOrder(id: number): OrderState | undefined {
    const o = this.orders.get(id);
    return o ? { ...o } : undefined;
  }

  openOrdersOf(userId: number): number[] {
    return this.book.ordersOf(userId).map((o) => o.id);
  }

  get queued(): number {
    return this.queue.length;
  }

  place(order: NewOrder, deadline?: number): Promise<OrderState> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'place', order, resolve, reject, deadline }));
  }

  cancel(orderId: number, userId: number | null, reason: CancelReason, deadline?: number): Promise<OrderState> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'cancel', orderId, userId, reason, resolve, reject, deadline }));
  }

  private enqueue(cmd: Command): void {
    if (this.closed || this.queue.length >= MAX_QUEUE) {
      cmd.reject(new AppError('spot_busy'));
      return;
    }
    this.queue.push(cmd);
    // Everything queued until the running group commits goes into the next group.
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Stops taking commands and waits for the queued ones to commit. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the commands of the same tick join the first group.
    await new Promise<void>((r) => setImmediate(r));
    while (this.queue.length) {
      const group = this.queue.splice(0, MAX_BATCH).filter((cmd) => !refuseExpired(cmd));
      if (!group.length) continue;
      const started = performance.now();
      let outcomes: Outcome[] | null = null;
      try {
        outcomes = await this.apply(group);
      } catch {
        await this.rebuild();
        // Retry alone, so one bad command (or a lost deadlock) cannot refuse the others.
        outcomes = [];
        for (const cmd of group) {
          if (expired(cmd)) {
            outcomes.push({ ok: false, error: new AppError('spot_busy') });
            continue;
          }
          try {
            outcomes.push((await this.apply([cmd]))[0]!);
          } catch (err) {
            await this.rebuild();
            outcomes.push({ ok: false, error: err });
          }
        }
      }
      this.stats.busyMs += performance.now() - started;
      group.forEach((cmd, i) => {
        const o = outcomes[i]!;
        if (o.ok) cmd.resolve(o.order);
        else cmd.reject(o.error);
      });
    }
  }

  private async apply(group: Command[]): Promise<Outcome[]> {
    const m = this.market;
    const now = this.clock.now();
    const outcomes: Outcome[] = [];
    const touched = new Map<number, OrderState>();
    const trades: Array<TradeRecord & { entryId: string; buyerFee: bigint; sellerFee: bigint }> = [];
    const inserted = new Set<number>();
    const finished: number[] = [];

    const entries: ManyEntry[] = [];
    const tradeEntry: number[] = [];
    await this.db.transaction().execute(async (trx) => {
      const places = group.filter((c) => c.kind === 'place');
      const ids = places.length ? await this.takeOrderIds(trx, places.length) : [];
      // Lock the spending accounts of the group's orders and check freezes in memory; every
      // entry is then posted in a few statements at the end (ledger_post re-checks each one).
      await this.preloadAccounts(trx, places.map((c) => c.order.userId));
      const spend = new Set<number>();
      for (const c of places) spend.add(await this.account(trx, c.order.userId, c.order.side === 'buy' ? m.quoteCurrencyId : m.baseCurrencyId));
      const available = spend.size ? await lockAvailable(trx, [...spend]) : new Map<number, bigint>();
      this.group = { entries, available };
      for (const cmd of group) {
        if (cmd.kind === 'cancel') {
          const o = this.orders.get(cmd.orderId);
          if (!o || (cmd.userId !== null && o.userId !== cmd.userId)) {
            outcomes.push({ ok: false, error: new AppError('spot_order_not_found') });
            continue;
          }
          this.book.cancel(o.id);
          o.status = 'cancelled';
          o.cancelReason = cmd.reason;
          o.updatedAt = now;
          await this.release(trx, o, now);
          touched.set(o.id, o);
          finished.push(o.id);
          outcomes.push({ ok: true, order: { ...o } });
          continue;
        }
        const n = cmd.order;
        const id = ids.shift()!;
        if (n.tif === 'post_only' && this.book.wouldCross(n.side, n.priceTicks)) {
          outcomes.push({ ok: false, error: new AppError('spot_post_only_would_take') });
          continue;
        }
        const currency = n.side === 'buy' ? m.quoteCurrencyId : m.baseCurrencyId;
        const acct = await this.account(trx, n.userId, currency);
        const avail = available.get(acct) ?? 0n;
        if (avail < n.freeze) {
          outcomes.push({ ok: false, error: new AppError('insufficient_balance') });
          continue;
        }
        available.set(acct, avail - n.freeze);
        entries.push({
          kind: 'spot_freeze',
          refType: 'spot_order',
          refId: String(id),
          idempotencyKey: `spot:${id}:freeze`,
          legs: [
            { accountId: acct, currencyId: currency, bucket: 'available', amount: -n.freeze },
            { accountId: acct, currencyId: currency, bucket: 'frozen', amount: n.freeze },
          ],
        });
        const o: OrderState = {
          id,
          userId: n.userId,
          instrumentId: m.instrumentId,
          side: n.side,
          type: n.type,
          tif: n.tif,
          priceTicks: n.priceTicks,
          price: n.price,
          amountLots: n.amountLots,
          filledLots: 0,
          frozen: n.freeze,
          used: 0n,
          released: 0n,
          quoteFilled: 0n,
          notional: 0n,
          fee: 0n,
          status: 'open',
          cancelReason: null,
          clientOrderId: n.clientOrderId,
          createdAt: now,
          updatedAt: now,
        };
        this.orders.set(id, o);
        touched.set(id, o);
        inserted.add(id);
        const r = this.book.place({ id, owner: n.userId, side: n.side, type: n.type, tif: n.tif, price: n.priceTicks, size: n.amountLots });
        let seq = 0;
        for (const f of r.fills) {
          const maker = this.orders.get(f.makerId)!;
          const t = await this.settle(trx, f, o, maker, seq++, now);
          trades.push(t);
          tradeEntry.push(entries.length - 1);
          touched.set(maker.id, maker);
          if (f.makerRemaining === 0) {
            maker.status = 'filled';
            await this.release(trx, maker, now);
            finished.push(maker.id);
          }
        }
        if (r.outcome !== 'resting') {
          o.status = r.outcome === 'filled' ? 'filled' : 'cancelled';
          if (o.status === 'cancelled') o.cancelReason = r.reason === 'self_trade' ? 'self_trade' : r.reason === 'no_liquidity' ? 'no_liquidity' : 'ioc';
          await this.release(trx, o, now);
          finished.push(id);
        }
        outcomes.push({ ok: true, order: { ...o } });
      }
      const entryIds = entries.length ? await postMany(trx, entries, now) : [];
      trades.forEach((t, i) => (t.entryId = entryIds[tradeEntry[i]!]!));
      if (touched.size) await upsertOrders(trx, [...touched.values()], inserted, m);
      if (trades.length) await insertTrades(trx, trades, m);
    });
    this.group = null;

    for (const id of finished) this.orders.delete(id);
    this.stats.groups++;
    this.stats.commands += group.length;
    this.stats.fills += trades.length;
    this.stats.maxGroup = Math.max(this.stats.maxGroup, group.length);
    this.onCommit({ orders: [...touched.values()].map((o) => ({ ...o })), trades });
    return outcomes;
  }

  /** One fill: one journal entry moving both sides' money, fees and the rounding residue. */
  private async settle(trx: Trx, f: Fill, taker: OrderState, maker: OrderState, seq: number, at: Date) {
    const m = this.market;
    const buyer = taker.side === 'buy' ? taker : maker;
    const seller = taker.side === 'buy' ? maker : taker;
    const n = BigInt(f.price) * BigInt(f.size);
    // The buyer pays its cumulative notional rounded up (never above what it froze); the seller
    // receives this fill's notional rounded down; the difference (0 or 1 unit) is the residue.
    const paidBefore = notionalToQuote(m, buyer.notional, 'up');
    buyer.notional += n;
    const pay = notionalToQuote(m, buyer.notional, 'up') - paidBefore;
    const gross = notionalToQuote(m, n, 'down');
    seller.notional += n;
    const residue = pay - gross;
    const base = BigInt(f.size) * lotUnits(m);
    const buyerFee = feeOf(base, buyer === taker ? m.takerFee : m.makerFee);
    const sellerFee = feeOf(gross, seller === taker ? m.takerFee : m.makerFee);
    if (buyer.used + pay > buyer.frozen || seller.used + base > seller.frozen) throw new Error('spot: fill exceeds the frozen funds');

    const [bq, bb, sq, sb] = await Promise.all([
      this.account(trx, buyer.userId, m.quoteCurrencyId),
      this.account(trx, buyer.userId, m.baseCurrencyId),
      this.account(trx, seller.userId, m.quoteCurrencyId),
      this.account(trx, seller.userId, m.baseCurrencyId),
    ]);
    const legs: ManyEntry['legs'] = [];
    const leg = (accountId: number, currencyId: number, bucket: 'available' | 'frozen', amount: bigint) => {
      if (amount === 0n) return;
      legs.push({ accountId, currencyId, bucket, amount });
      this.credit(accountId, bucket, amount);
    };
    const q = m.quoteCurrencyId;
    const b = m.baseCurrencyId;
    leg(bq, q, 'frozen', -pay);
    leg(sq, q, 'available', gross - sellerFee);
    if (sellerFee) leg(await this.system(trx, 'fees', q), q, 'available', sellerFee);
    if (residue) leg(await this.system(trx, 'rounding', q), q, 'available', residue);
    leg(sb, b, 'frozen', -base);
    leg(bb, b, 'available', base - buyerFee);
    if (buyerFee) leg(await this.system(trx, 'fees', b), b, 'available', buyerFee);
    this.group!.entries.push({
      kind: 'spot_fill',
      refType: 'spot_order',
      refId: String(taker.id),
      idempotencyKey: `spot:${taker.id}:fill:${seq}`,
      memo: `${m.symbol} ${f.size} lots @ ${f.price} ticks (maker ${maker.id})`,
      legs,
    });
    const entryId = '';
    buyer.used += pay;
    buyer.quoteFilled += pay;
    buyer.fee += buyerFee;
    buyer.filledLots += f.size;
    buyer.updatedAt = at;
    seller.used += base;
    seller.quoteFilled += gross;
    seller.fee += sellerFee;
    seller.filledLots += f.size;
    seller.updatedAt = at;
    return {
      id: '',
      price: f.price,
      lots: f.size,
      quote: pay,
      takerSide: taker.side,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUserId: maker.userId,
      takerUserId: taker.userId,
      at,
      entryId,
      buyerFee,
      sellerFee,
    };
  }

  /**
   * Order ids come from the table's sequence a block at a time, so most groups skip that round
   * trip. Sequence values are never handed out twice (a rolled-back group leaves a gap) and a
   * writer takes them in increasing order, so id order stays time order within a market.
   */
  private async takeOrderIds(trx: Trx, n: number): Promise<number[]> {
    if (this.idBlock.length < n) this.idBlock.push(...(await nextOrderIds(trx, Math.max(n, ORDER_ID_BLOCK))));
    return this.idBlock.splice(0, n);
  }

  /** Returns what stayed frozen of a finished order (cancel, fill, IOC remainder). */
  private async release(trx: Trx, o: OrderState, _at: Date): Promise<void> {
    const left = o.frozen - o.used - o.released;
    if (left <= 0n) return;
    const currency = o.side === 'buy' ? this.market.quoteCurrencyId : this.market.baseCurrencyId;
    const acct = await this.account(trx, o.userId, currency);
    this.group!.entries.push({
      kind: 'spot_release',
      refType: 'spot_order',
      refId: String(o.id),
      idempotencyKey: `spot:${o.id}:release`,
      legs: [
        { accountId: acct, currencyId: currency, bucket: 'frozen', amount: -left },
        { accountId: acct, currencyId: currency, bucket: 'available', amount: left },
      ],
    });
    this.credit(acct, 'available', left);
    o.released += left;
  }

  /** A credit to a locked spending account counts for later orders of the same group. */
  private credit(accountId: number, bucket: 'available' | 'frozen', amount: bigint): void {
    const g = this.group;
    if (!g || bucket !== 'available' || amount <= 0n) return;
    const cur = g.available.get(accountId);
    if (cur !== undefined) g.available.set(accountId, cur + amount);
  }

  /** Fills the account cache for a group's users in one query (base and quote, spot account type). */
  private async preloadAccounts(trx: Trx, userIds: number[]): Promise<void> {
    const m = this.market;
    const missing = [...new Set(userIds)].filter((u) => !this.accounts.has(`${u}:${m.baseCurrencyId}`) || !this.accounts.has(`${u}:${m.quoteCurrencyId}`));
    if (!missing.length) return;
    const rows = await trx
      .selectFrom('accounts')
      .select(['id', 'user_id', 'currency_id'])
      .where('user_id', 'in', missing)
      .where('currency_id', 'in', [m.baseCurrencyId, m.quoteCurrencyId])
      .where('account_type', '=', SPOT_ACCOUNT_TYPE)
      .execute();
    for (const r of rows) this.accounts.set(`${r.user_id}:${r.currency_id}`, r.id);
  }

  private async account(trx: Trx, userId: number, currencyId: number): Promise<number> {
    const key = `${userId}:${currencyId}`;
    let id = this.accounts.get(key);
    if (id === undefined) {
      id = await ledger.userAccount(trx, userId, currencyId, SPOT_ACCOUNT_TYPE);
      this.accounts.set(key, id);
    }
    return id;
  }

  private async system(trx: Trx, code: string, currencyId: number): Promise<number> {
    const key = `${code}:${currencyId}`;
    let id = this.accounts.get(key);
    if (id === undefined) {
      id = await ledger.systemAccount(trx, code, currencyId);
      this.accounts.set(key, id);
    }
    return id;
  }
}

/**
 * A command past its deadline is never applied: its sender has timed out and answered the user,
 * so applying it now would act on an answer nobody receives. Wall-clock time, not the injectable
 * clock: the deadline was set by another process.
 */
function expired(cmd: Command): boolean {
  return cmd.deadline !== undefined && Date.now() > cmd.deadline;
}

/** Refuses an expired command (`spot_busy`); true when it did. */
function refuseExpired(cmd: Command): boolean {
  if (!expired(cmd)) return false;
  cmd.reject(new AppError('spot_busy'));
  return true;
}

/** Locks the accounts (id order: no deadlocks with ledger_post) and reads their available balances. */
async function lockAvailable(trx: Trx, ids: number[]): Promise<Map<number, bigint>> {
  const rows = await trx.selectFrom('accounts').select(['id', 'available', 'allow_negative']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
  return new Map(rows.map((r) => [r.id, BigInt(r.available)]));
}

async function nextOrderIds(trx: Trx, n: number): Promise<number[]> {
  const r = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('spot_orders', 'id'))::text as id from generate_series(1, ${n}::integer)`.execute(
    trx,
  );
  return r.rows.map((x) => Number(x.id));
}

async function upsertOrders(trx: Trx, orders: OrderState[], inserted: Set<number>, m: SpotMarket): Promise<void> {
  const lot = lotUnits(m);
  const rows = orders.map((o) => ({
    id: String(o.id),
    user_id: o.userId,
    instrument_id: o.instrumentId,
    side: o.side,
    type: o.type,
    tif: o.tif,
    price: o.price,
    price_ticks: String(o.priceTicks),
    amount: (BigInt(o.amountLots) * lot).toString(),
    amount_lots: String(o.amountLots),
    filled_lots: String(o.filledLots),
    filled: (BigInt(o.filledLots) * lot).toString(),
    quote_filled: o.quoteFilled.toString(),
    notional_exact: o.notional.toString(),
    fee: o.fee.toString(),
    frozen: o.frozen.toString(),
    used: o.used.toString(),
    released: o.released.toString(),
    status: o.status,
    cancel_reason: o.cancelReason,
    client_order_id: o.clientOrderId,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  }));
  const res = await trx
    .insertInto('spot_orders')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          filled_lots: eb.ref('excluded.filled_lots'),
          filled: eb.ref('excluded.filled'),
          quote_filled: eb.ref('excluded.quote_filled'),
          notional_exact: eb.ref('excluded.notional_exact'),
          fee: eb.ref('excluded.fee'),
          used: eb.ref('excluded.used'),
          released: eb.ref('excluded.released'),
          status: eb.ref('excluded.status'),
          cancel_reason: eb.ref('excluded.cancel_reason'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        // Only open orders change; a finished one never reopens or changes again.
        .where('spot_orders.status', '=', 'open'),
    )
    .returning('id')
    .execute();
  if (res.length !== rows.length) throw new Error(`spot: ${rows.length - res.length} order(s) were no longer open (${inserted.size} new)`);
}

async function insertTrades(
  trx: Trx,
  trades: Array<TradeRecord & { entryId: string; buyerFee: bigint; sellerFee: bigint }>,
  m: SpotMarket,
): Promise<void> {
  const lot = lotUnits(m);
  const ids = await trx
    .insertInto('spot_trades')
    .values(
      trades.map((t) => ({
        instrument_id: m.instrumentId,
        price: formatUnits(BigInt(t.price), m.pricePrecision),
        amount: (BigInt(t.lots) * lot).toString(),
        quote_amount: t.quote.toString(),
        taker_side: t.takerSide,
        maker_order_id: String(t.makerOrderId),
        taker_order_id: String(t.takerOrderId),
        maker_user_id: t.makerUserId,
        taker_user_id: t.takerUserId,
        buyer_fee: t.buyerFee.toString(),
        seller_fee: t.sellerFee.toString(),
        entry_id: t.entryId,
        created_at: t.at,
      })),
    )
    .returning('id')
    .execute();
  ids.forEach((r, i) => (trades[i]!.id = r.id));
}
