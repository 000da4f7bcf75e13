/**
 * The one writer of a market: it owns the market's order book and is the only code that changes
 * the market's orders. Commands (place, cancel) queue up; the writer takes everything queued
 * (up to MAX_BATCH), matches it in memory and commits the group as ONE statement
 * (`spot_commit_group2`, migration 020; group commit): per order a freeze, per fill one journal
 * entry settling buyer and seller (fees and rounding residue included), per finished order a
 * release of what stayed frozen, the touched orders and the trades. Orders, fills and journal
 * entries commit together; a command is answered only after its group committed.
 *
 * Pipeline: while a group commits, the next one is matched (at most PIPELINE_DEPTH groups in
 * flight) and its statement sent at once, on another connection; each names the sequence number
 * of the one before it (the fence: it writes its own new rows, then waits for the group ahead),
 * so the database applies them one after another in matching order and a group never commits on
 * top of one that failed. A committed group is answered just after the next group has been sent
 * (answerSoon), so that the database never waits for this process's replies.
 *
 * Balances: freezes are checked against the writer's own view of its users' available balances
 * (read once, then moved by the writer's own entries). The ledger re-checks every group under row
 * locks, so a view that is too high (money left the account through another path) only makes
 * a commit fail; a view that is too low (money arrived) is refreshed from the database, with
 * nothing in flight, before an order is refused for insufficient balance.
 *
 * If a commit fails, the in-memory book is ahead of the database: the writer waits for the
 * groups in flight, rebuilds from the open orders (the database is the truth) and retries the
 * commands of the failed groups one at a time.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { batchArrays, ledger, type ManyEntry } from '../ledger';
import { OrderBook, type Fill, type OrderType, type Side, type TimeInForce } from './engine/book';
import { feeOf, lotUnits, notionalToQuote, type SpotMarket } from './market';
import { openOrderRows, rowToState } from './repo';

/** Orders applied per transaction at most (a burst is split into several groups). */
export const MAX_BATCH = 256;
/** Queue length beyond which new commands are refused (`spot_busy`) rather than queued. */
export const MAX_QUEUE = 20_000;
/** Order ids fetched from the sequence at once. */
const ORDER_ID_BLOCK = 1024;
/** Groups matched ahead of their commit at most (one committing, the next one ready). */
const PIPELINE_DEPTH = 2;
/** A shortfall refreshes the account's balance from the database at most this often. */
const REFRESH_MS = 500;
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

/** A group matched in memory, ready to commit. */
interface Matched {
  cmds: Command[];
  outcomes: Outcome[];
  at: Date;
  entries: ManyEntry[];
  /**
   * The order and trade arguments of spot_commit_group2 as PostgreSQL array literals, built when
   * matched (later groups change the live states).
   */
  rows: string[];
  trades: Array<TradeRecord & { entry: number; buyerFee: bigint; sellerFee: bigint }>;
  committed: OrderState[];
}

/** The outcome of matching what was queued: a group, and what to do before the rest. */
interface MatchResult {
  group: Matched | null;
  /** Commands not matched yet (they go back to the front of the queue). */
  rest: Command[];
  /** Accounts to re-read before going on (a freeze fell short of the writer's view). */
  refresh: number[];
}

/** A commit the database refused as a whole (spot_commit_group2's refusals). */
const REFUSALS = new Set(['BS001', 'BS002', 'BS003', 'BS004', '23505']);
/** The accounts' CHECK constraints refusing an overdraw: the ledger refused the group (BS002, migration 024). */
const OVERDRAW_CHECKS = new Set(['accounts_available_nonneg', 'accounts_frozen_nonneg']);

/** The refusal code of a failed group commit, or null for any other failure. */
function refusalCode(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23514' && OVERDRAW_CHECKS.has(e.constraint ?? '')) return 'BS002';
  return REFUSALS.has(e.code ?? '') ? e.code! : null;
}

export class MarketWriter {
  book = new OrderBook();
  private orders = new Map<number, OrderState>();
  private queue: Command[] = [];
  private running: Promise<void> | null = null;
  private closed = false;
  /** Account ids by `user:currency` and `code:currency` (ids never change, so they survive rebuilds). */
  private accounts = new Map<string, number>();
  /** The writer's view of available balances of the accounts its orders spend from. */
  private balances = new Map<number, bigint>();
  /** When an account's balance was last read with nothing in flight (exact then). */
  private refreshedAt = new Map<number, number>();
  private idBlock: number[] = [];
  /**
   * The fence value the next group launched expects: the epoch claimed at rebuild × 2^32 plus the
   * groups launched since (a bigint: epochs grow past 2^21).
   */
  private nextSeq = 0n;
  /** When the last launched group settled (for the busy time). */
  private settledAt = 0;
  /** Commands in the last group launched: the queue length at which the next one is sent early. */
  private lastGroupSize = 0;
  /** Called when the queue reaches `wakeAt` commands (drain waiting for a group to fill). */
  private wake: (() => void) | null = null;
  private wakeAt = Infinity;
  /** Settles when the last committed group has been answered (answerSoon). */
  private answered: Promise<void> = Promise.resolve();
  /** Commits run one after another on this chain; `inFlight` are launched and not settled. */
  private chain: Promise<void> = Promise.resolve();
  private inFlight: Promise<void>[] = [];
  /** A commit failed: later ones are skipped and every skipped or failed command is retried alone. */
  private broken = false;
  private retry: Command[] = [];
  /**
   * Groups committed, commands and fills in them, rebuilds; groups sent while another was in
   * flight (`early`) and sent again after reaching the database before the one ahead (`resent`);
   * groups the ledger refused for an overdraw (`overdrawn`: the writer's balance view was too high).
   */
  readonly stats = { groups: 0, commands: 0, fills: 0, rebuilds: 0, early: 0, resent: 0, overdrawn: 0, maxGroup: 0, busyMs: 0 };
  /** When set (benchmarks), each committed statement's [sent, answered] (performance.now() ms) and size. */
  groupLog: Array<[number, number, number]> | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    public market: SpotMarket,
    private readonly onCommit: (c: Committed) => void = () => {},
  ) {}

  /**
   * Loads the open orders into a fresh book, in their original time order (id order), and the
   * market's commit sequence. Only with nothing in flight.
   */
  async rebuild(): Promise<void> {
    const m = this.market;
    // Claim the market first: a new epoch for the fence, so a group of any other writer (or of
    // this one before the rebuild) is refused from now on, and the open orders read next hold
    // everything committed before the claim.
    await this.db.insertInto('spot_writer_seq').values({ instrument_id: m.instrumentId }).onConflict((oc) => oc.column('instrument_id').doNothing()).execute();
    const claim = await sql<{ seq: string }>`update spot_writer_seq set seq = nextval('spot_writer_epoch') * 4294967296
        where instrument_id = ${m.instrumentId} returning seq::text`.execute(this.db);
    const seq = claim.rows[0]!.seq;
    const rows = await openOrderRows(this.db, m.instrumentId);
    const book = new OrderBook();
    const orders = new Map<number, OrderState>();
    for (const r of rows) {
      const o = rowToState(r);
      orders.set(o.id, o);
      book.restore({ id: o.id, owner: o.userId, side: o.side, price: o.priceTicks, remaining: o.amountLots - o.filledLots });
    }
    // Every account a fill of a resting order can touch, so matching never waits for one.
    await this.ensureAccounts([...new Set(rows.map((r) => r.user_id))]);
    for (const code of ['fees', 'rounding']) for (const c of [m.baseCurrencyId, m.quoteCurrencyId]) await this.system(code, c);
    this.book = book;
    this.orders = orders;
    this.nextSeq = BigInt(seq);
    this.balances.clear();
    this.refreshedAt.clear();
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
    if (this.queue.length >= this.wakeAt) this.wake?.();
    // Everything queued while a group is matched or committed goes into a later group.
    this.startDrain();
  }

  private startDrain(): void {
    this.running ??= this.drain().finally(() => {
      this.running = null;
      // A command queued after the drain found the queue empty, before it ended.
      if (this.queue.length) this.startDrain();
    });
  }

  /** Resolves when `n` commands are queued or `settled` settles, whichever is first. */
  private async queueReaches(n: number, settled: Promise<void>): Promise<void> {
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      this.wakeAt = n;
      void settled.then(resolve, resolve);
    });
    this.wake = null;
    this.wakeAt = Infinity;
  }

  /** Stops taking commands and waits for the queued ones to commit and be answered. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running) await this.running;
    await this.answered;
  }

  private async drain(): Promise<void> {
    // Let the commands of the same tick join the first group.
    await new Promise<void>((r) => setImmediate(r));
    for (;;) {
      if (this.broken) {
        await this.waitForCommits();
        await this.recover();
        continue;
      }
      if (!this.queue.length && !this.inFlight.length) return;
      if (this.inFlight.length >= PIPELINE_DEPTH) {
        await this.inFlight[0];
        continue;
      }
      // With a group committing, the next one writes its own rows and then waits at the
      // database's fence until that group commits; send it once as many commands are queued as
      // that group has (it then goes on the moment the group ahead committed, while this process
      // answers that group), or when the group ahead settles, whichever comes first. Sent
      // earlier, it would be a small group, each of which costs the database a fixed share of
      // its work. Forwarded commands carry a
      // deadline, checked when matched: they wait for the group ahead, so that a group stuck in
      // the database cannot carry them past it.
      if (this.inFlight.length) {
        const forwarded = this.queue.some((c) => c.deadline !== undefined);
        if (forwarded || this.queue.length < this.lastGroupSize) {
          await this.queueReaches(forwarded ? Infinity : this.lastGroupSize, this.inFlight[0]!);
          continue;
        }
      }
      const cmds = this.queue.splice(0, MAX_BATCH).filter((cmd) => !refuseExpired(cmd));
      if (!cmds.length) continue;
      let r: MatchResult;
      try {
        await this.prepare(cmds);
        r = this.match(cmds);
      } catch {
        // The book may be half-changed: commit what is in flight, then rebuild and retry.
        await this.waitForCommits();
        this.broken = true;
        this.retry.push(...cmds);
        continue;
      }
      this.queue.unshift(...r.rest);
      if (r.group) {
        this.lastGroupSize = r.group.cmds.length;
        this.launch(r.group);
      }
      if (r.refresh.length) {
        await this.waitForCommits();
        if (!this.broken) await this.refresh(r.refresh);
      }
    }
  }

  /**
   * Sends a matched group's commit now and settles it behind the ones in flight. The statement
   * does not wait for the previous group's answer: it writes its own rows (journal entries,
   * postings, new orders) while the group ahead may still be committing, then waits at the fence
   * for that group's transaction to end (migration 023) and does the rest the moment it committed,
   * without a round trip through this process in between. What it locks before the fence the
   * group ahead never asks for, so the two cannot deadlock. If that group fails, the fence finds
   * the value one short and refuses this one too (BS004); the writer is broken by then, so both are
   * retried after a rebuild instead of this one being sent again.
   */
  private launch(g: Matched): void {
    const seq = this.nextSeq++;
    if (this.inFlight.length) this.stats.early++;
    const sent = this.broken ? null : this.send(g, seq);
    // Its outcome is read in order below; a refusal must not surface as an unhandled rejection.
    sent?.catch(() => undefined);
    const done = this.chain
      .then(async () => {
        if (this.broken || !sent) {
          this.retry.push(...g.cmds);
          return;
        }
        try {
          let ids: string[];
          try {
            ids = await sent;
          } catch (err) {
            // BS004: it reached the database before the group ahead, which has committed since
            // (this runs after that group settled, and it did not break the writer).
            if ((err as { code?: string }).code !== 'BS004' || this.broken) throw err;
            this.stats.resent++;
            ids = await this.send(g, seq);
          }
          this.answerSoon(g, ids);
        } catch {
          this.broken = true;
          this.retry.push(...g.cmds);
        }
      })
      .finally(() => {
        void this.inFlight.shift();
        this.settledAt = performance.now();
      });
    this.chain = done;
    this.inFlight.push(done);
  }

  /**
   * Answers a committed group on the next turn of the event loop rather than now. Settling this
   * group wakes the drain, which matches the next group and sends its statement in this turn's
   * microtasks, so the database starts on that group while this process writes this group's
   * responses (tens of socket writes, each of which may hand the CPU to the client it wakes):
   * answering first put those writes between one group's commit and the next one's start, on the
   * market's serial path (docs/benchmarks.md, tenth session). Groups are answered in commit order
   * (setImmediate runs its callbacks first in, first out), so the last one settles last.
   */
  private answerSoon(g: Matched, ids: string[]): void {
    this.answered = new Promise((resolve) =>
      setImmediate(() => {
        try {
          this.finish(g, ids);
        } finally {
          resolve();
        }
      }),
    );
  }

  /** Waits until every launched commit has settled. */
  private async waitForCommits(): Promise<void> {
    while (this.inFlight.length) await this.inFlight[0];
  }

  /** After a failed commit (nothing in flight): rebuild, then the affected commands one at a time. */
  private async recover(): Promise<void> {
    const cmds = this.retry;
    this.retry = [];
    this.broken = false;
    try {
      await this.rebuild();
    } catch (err) {
      for (const cmd of cmds) cmd.reject(err);
      this.broken = true; // rebuild again before the next group
      return;
    }
    for (const cmd of cmds) {
      if (refuseExpired(cmd)) continue;
      try {
        await this.runAlone(cmd);
      } catch (err) {
        cmd.reject((err as { code?: string }).code === 'BS002' ? new AppError('insufficient_balance') : err);
        await this.rebuild().catch(() => (this.broken = true));
      }
    }
  }

  /** One command matched and committed by itself (nothing in flight). */
  private async runAlone(cmd: Command): Promise<void> {
    await this.prepare([cmd]);
    let r = this.match([cmd]);
    if (!r.group && r.refresh.length) {
      await this.refresh(r.refresh);
      r = this.match([cmd]);
    }
    if (!r.group) throw new Error('spot: a lone command was not matched');
    await this.commit(r.group);
  }

  /** Commits a matched group by itself (nothing in flight), then answers its commands and publishes. */
  private async commit(g: Matched): Promise<void> {
    const seq = this.nextSeq++;
    this.finish(g, await this.send(g, seq));
  }

  /**
   * Sends a group's statement (spot_commit_group2), fenced on `seq`: the market's sequence must
   * be exactly that when the group commits. Resolves with the new trades' ids.
   */
  private async send(g: Matched, seq: bigint): Promise<string[]> {
    const m = this.market;
    const sentAt = performance.now();
    const a = batchArrays(g.entries);
    const r = g.rows;
    try {
      const res = await sql<{ ids: string[] }>`select spot_commit_group2(${m.instrumentId}::integer, ${seq.toString()}::bigint, ${g.at},
          ${lotUnits(m).toString()}::numeric, ${tickText(m)}::numeric,
          ${textArray(a.kinds)}::text[], ${textArray(a.refTypes)}::text[], ${textArray(a.refIds)}::text[], ${textArray(a.keys)}::text[],
          ${textArray(a.memos)}::text[], ${plainArray(a.entryOf)}::integer[], ${plainArray(a.accounts)}::integer[],
          ${plainArray(a.currencies)}::integer[], ${plainArray(a.buckets)}::smallint[], ${plainArray(a.amounts)}::numeric[],
          ${r[0]}::bigint[], ${r[1]}::integer[], ${r[2]}::text[], ${r[3]}::text[], ${r[4]}::text[], ${r[5]}::numeric[],
          ${r[6]}::bigint[], ${r[7]}::bigint[], ${r[8]}::bigint[], ${r[9]}::numeric[], ${r[10]}::numeric[], ${r[11]}::numeric[],
          ${r[12]}::numeric[], ${r[13]}::numeric[], ${r[14]}::numeric[], ${r[15]}::text[], ${r[16]}::text[], ${r[17]}::text[],
          ${r[18]}::bigint[], ${r[19]}::bigint[], ${r[20]}::numeric[], ${r[21]}::numeric[], ${r[22]}::numeric[], ${r[23]}::numeric[],
          ${r[24]}::numeric[], ${r[25]}::text[], ${r[26]}::text[],
          ${r[27]}::bigint[], ${r[28]}::bigint[], ${r[29]}::numeric[], ${r[30]}::text[], ${r[31]}::bigint[], ${r[32]}::bigint[],
          ${r[33]}::integer[], ${r[34]}::integer[], ${r[35]}::numeric[], ${r[36]}::numeric[], ${r[37]}::integer[])::text[] as ids`.execute(this.db);
      this.groupLog?.push([sentAt, performance.now(), g.cmds.length]);
      return res.rows[0]!.ids;
    } catch (err) {
      const code = refusalCode(err);
      if (!code) throw err;
      if (code === 'BS002') this.stats.overdrawn++;
      throw Object.assign(new Error(`spot: the group commit was refused (${code})`), { code });
    } finally {
      // Busy from when the database could start on it: sent, and the group ahead settled.
      this.stats.busyMs += performance.now() - Math.max(sentAt, this.settledAt);
    }
  }

  /** A committed group: answers its commands and publishes what changed. */
  private finish(g: Matched, ids: string[]): void {
    g.trades.forEach((t, i) => (t.id = ids[i]!));
    this.stats.groups++;
    this.stats.commands += g.cmds.length;
    this.stats.fills += g.trades.length;
    this.stats.maxGroup = Math.max(this.stats.maxGroup, g.cmds.length);
    g.cmds.forEach((cmd, i) => {
      const o = g.outcomes[i]!;
      if (o.ok) cmd.resolve(o.order);
      else cmd.reject(o.error);
    });
    this.onCommit({
      orders: g.committed,
      trades: g.trades.map((t) => ({
        id: t.id,
        price: t.price,
        lots: t.lots,
        quote: t.quote,
        takerSide: t.takerSide,
        makerOrderId: t.makerOrderId,
        takerOrderId: t.takerOrderId,
        makerUserId: t.makerUserId,
        takerUserId: t.takerUserId,
        at: t.at,
      })),
    });
  }

  /**
   * What matching needs from the database, before it starts: order ids, the accounts of the
   * group's users (created on first use) and the balances of the accounts they spend from.
   * A balance read while groups are in flight may miss their credits (never their debits: those
   * come from accounts already in the view), so it can only be low; a shortfall re-reads it.
   */
  private async prepare(cmds: Command[]): Promise<void> {
    const m = this.market;
    const places = cmds.filter((c) => c.kind === 'place');
    if (!places.length) return;
    if (this.idBlock.length < places.length) this.idBlock.push(...(await nextOrderIds(this.db, Math.max(places.length, ORDER_ID_BLOCK))));
    await this.ensureAccounts(places.map((c) => c.order.userId));
    const missing = new Set<number>();
    for (const c of places) {
      const acct = this.accountId(c.order.userId, c.order.side === 'buy' ? m.quoteCurrencyId : m.baseCurrencyId);
      if (!this.balances.has(acct)) missing.add(acct);
    }
    if (missing.size) for (const [id, available] of await readAvailable(this.db, [...missing])) this.balances.set(id, available);
  }

  /** Re-reads balances with nothing in flight: the view is then exactly the database's. */
  private async refresh(ids: number[]): Promise<void> {
    const now = Date.now();
    for (const [id, available] of await readAvailable(this.db, ids)) {
      this.balances.set(id, available);
      this.refreshedAt.set(id, now);
    }
  }

  /**
   * Matches commands against the book and builds their group (synchronous: nothing else changes
   * the book meanwhile). Stops before a place whose freeze exceeds the writer's view of the
   * balance when that view may be stale, so the balance is refreshed before the order is refused.
   */
  private match(cmds: Command[]): MatchResult {
    const m = this.market;
    const now = this.clock.now();
    const outcomes: Outcome[] = [];
    const touched = new Map<number, OrderState>();
    /** Orders placed in this group (inserted; the other touched orders are updated). */
    const placed = new Set<number>();
    const entries: ManyEntry[] = [];
    const trades: Matched['trades'] = [];
    let i = 0;
    let refresh: number[] = [];
    for (; i < cmds.length; i++) {
      const cmd = cmds[i]!;
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
        this.release(entries, o);
        touched.set(o.id, o);
        this.orders.delete(o.id);
        outcomes.push({ ok: true, order: { ...o } });
        continue;
      }
      const n = cmd.order;
      if (n.tif === 'post_only' && this.book.wouldCross(n.side, n.priceTicks)) {
        outcomes.push({ ok: false, error: new AppError('spot_post_only_would_take') });
        continue;
      }
      const currency = n.side === 'buy' ? m.quoteCurrencyId : m.baseCurrencyId;
      const acct = this.accountId(n.userId, currency);
      const avail = this.balances.get(acct) ?? 0n;
      if (avail < n.freeze) {
        if (Date.now() - (this.refreshedAt.get(acct) ?? 0) > REFRESH_MS) {
          refresh = [acct];
          break;
        }
        outcomes.push({ ok: false, error: new AppError('insufficient_balance') });
        continue;
      }
      this.balances.set(acct, avail - n.freeze);
      const id = this.idBlock.shift()!;
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
      placed.add(id);
      const r = this.book.place({ id, owner: n.userId, side: n.side, type: n.type, tif: n.tif, price: n.priceTicks, size: n.amountLots });
      let seq = 0;
      for (const f of r.fills) {
        const maker = this.orders.get(f.makerId)!;
        trades.push(this.settle(entries, f, o, maker, seq++, now));
        touched.set(maker.id, maker);
        if (f.makerRemaining === 0) {
          maker.status = 'filled';
          this.release(entries, maker);
          this.orders.delete(maker.id);
        }
      }
      if (r.outcome !== 'resting') {
        o.status = r.outcome === 'filled' ? 'filled' : 'cancelled';
        if (o.status === 'cancelled') o.cancelReason = r.reason === 'self_trade' ? 'self_trade' : r.reason === 'no_liquidity' ? 'no_liquidity' : 'ioc';
        this.release(entries, o);
        this.orders.delete(id);
      }
      outcomes.push({ ok: true, order: { ...o } });
    }
    const rest = cmds.slice(i);
    if (i === 0) return { group: null, rest, refresh };
    const committed = [...touched.values()].map((o) => ({ ...o }));
    return {
      group: { cmds: cmds.slice(0, i), outcomes, at: now, entries, rows: groupRows(committed, placed, trades), trades, committed },
      rest,
      refresh,
    };
  }

  /** One fill: one journal entry moving both sides' money, fees and the rounding residue. */
  private settle(entries: ManyEntry[], f: Fill, taker: OrderState, maker: OrderState, seq: number, at: Date): Matched['trades'][number] {
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

    const q = m.quoteCurrencyId;
    const b = m.baseCurrencyId;
    const legs: ManyEntry['legs'] = [];
    const leg = (accountId: number, currencyId: number, bucket: 'available' | 'frozen', amount: bigint) => {
      if (amount === 0n) return;
      legs.push({ accountId, currencyId, bucket, amount });
      this.credit(accountId, bucket, amount);
    };
    leg(this.accountId(buyer.userId, q), q, 'frozen', -pay);
    leg(this.accountId(seller.userId, q), q, 'available', gross - sellerFee);
    if (sellerFee) leg(this.accountId('fees', q), q, 'available', sellerFee);
    if (residue) leg(this.accountId('rounding', q), q, 'available', residue);
    leg(this.accountId(seller.userId, b), b, 'frozen', -base);
    leg(this.accountId(buyer.userId, b), b, 'available', base - buyerFee);
    if (buyerFee) leg(this.accountId('fees', b), b, 'available', buyerFee);
    entries.push({
      kind: 'spot_fill',
      refType: 'spot_order',
      refId: String(taker.id),
      idempotencyKey: `spot:${taker.id}:fill:${seq}`,
      memo: `${m.symbol} ${f.size} lots @ ${f.price} ticks (maker ${maker.id})`,
      legs,
    });
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
      entry: entries.length,
      buyerFee,
      sellerFee,
    };
  }

  /** Returns what stayed frozen of a finished order (cancel, fill, IOC remainder). */
  private release(entries: ManyEntry[], o: OrderState): void {
    const left = o.frozen - o.used - o.released;
    if (left <= 0n) return;
    const currency = o.side === 'buy' ? this.market.quoteCurrencyId : this.market.baseCurrencyId;
    const acct = this.accountId(o.userId, currency);
    entries.push({
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

  /** A credit to an account in the balance view counts for later orders (this group's and the next). */
  private credit(accountId: number, bucket: 'available' | 'frozen', amount: bigint): void {
    if (bucket !== 'available' || amount <= 0n) return;
    const cur = this.balances.get(accountId);
    if (cur !== undefined) this.balances.set(accountId, cur + amount);
  }

  /** Known account ids of users (spot account type, base and quote), creating missing ones. */
  private async ensureAccounts(userIds: number[]): Promise<void> {
    const m = this.market;
    const missing = [...new Set(userIds)].filter((u) => !this.accounts.has(`${u}:${m.baseCurrencyId}`) || !this.accounts.has(`${u}:${m.quoteCurrencyId}`));
    if (!missing.length) return;
    const rows = await this.db
      .selectFrom('accounts')
      .select(['id', 'user_id', 'currency_id'])
      .where('user_id', 'in', missing)
      .where('currency_id', 'in', [m.baseCurrencyId, m.quoteCurrencyId])
      .where('account_type', '=', SPOT_ACCOUNT_TYPE)
      .execute();
    for (const r of rows) this.accounts.set(`${r.user_id}:${r.currency_id}`, r.id);
    for (const u of missing) {
      for (const c of [m.baseCurrencyId, m.quoteCurrencyId]) {
        if (this.accounts.has(`${u}:${c}`)) continue;
        this.accounts.set(`${u}:${c}`, await this.db.transaction().execute((trx) => ledger.userAccount(trx, u, c, SPOT_ACCOUNT_TYPE)));
      }
    }
  }

  private async system(code: string, currencyId: number): Promise<void> {
    const key = `${code}:${currencyId}`;
    if (!this.accounts.has(key)) this.accounts.set(key, await this.db.transaction().execute((trx) => ledger.systemAccount(trx, code, currencyId)));
  }

  /** A user's (number) or system account's (code) id; prepared before matching. */
  private accountId(owner: number | string, currencyId: number): number {
    const id = this.accounts.get(`${owner}:${currencyId}`);
    if (id === undefined) throw new Error(`spot: account ${owner}:${currencyId} was not prepared`);
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

async function readAvailable(db: Database, ids: number[]): Promise<Map<number, bigint>> {
  const rows = await db.selectFrom('accounts').select(['id', 'available']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, BigInt(r.available)]));
}

/**
 * Order ids come from the table's sequence a block at a time, so most groups skip that round
 * trip. Sequence values are never handed out twice (a refused group leaves a gap) and a writer
 * takes them in increasing order, so id order stays time order within a market.
 */
async function nextOrderIds(db: Database, n: number): Promise<number[]> {
  const r = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('spot_orders', 'id'))::text as id from generate_series(1, ${n}::integer)`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** A market's tick (10^-price precision) as decimal text: a trade's price is its ticks times this. */
function tickText(m: SpotMarket): string {
  return m.pricePrecision === 0 ? '1' : `0.${'0'.repeat(m.pricePrecision - 1)}1`;
}

/** A PostgreSQL array literal of numbers, bigints or decimal strings (null as NULL). */
export function plainArray(values: ReadonlyArray<number | bigint | string | null>): string {
  // join() writes null as an empty element; only a few columns are nullable.
  return `{${(values.includes(null) ? values.map((v) => (v === null ? 'NULL' : v)) : values).join(',')}}`;
}

const NEEDS_ESCAPE = /["\\]/;

/** A PostgreSQL array literal of texts: every element double-quoted, `"` and `\` escaped (null as NULL). */
export function textArray(values: ReadonlyArray<string | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${NEEDS_ESCAPE.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`)).join(',')}}`;
}

/**
 * The order and trade arguments of spot_commit_group2 (migration 020), in its parameter order:
 * orders placed in the group (18 columns, inserted), other touched orders (9, updated), trades
 * (11). Amounts are base units; `amount`, `filled` and a trade's amount and price are computed
 * by the function from lots and ticks.
 */
function groupRows(orders: OrderState[], placed: Set<number>, trades: Matched['trades']): string[] {
  const n = orders.filter((o) => placed.has(o.id));
  const u = orders.filter((o) => !placed.has(o.id));
  return [
    plainArray(n.map((o) => o.id)),
    plainArray(n.map((o) => o.userId)),
    textArray(n.map((o) => o.side)),
    textArray(n.map((o) => o.type)),
    textArray(n.map((o) => o.tif)),
    plainArray(n.map((o) => o.price)),
    plainArray(n.map((o) => o.priceTicks)),
    plainArray(n.map((o) => o.amountLots)),
    plainArray(n.map((o) => o.filledLots)),
    plainArray(n.map((o) => o.quoteFilled)),
    plainArray(n.map((o) => o.notional)),
    plainArray(n.map((o) => o.fee)),
    plainArray(n.map((o) => o.frozen)),
    plainArray(n.map((o) => o.used)),
    plainArray(n.map((o) => o.released)),
    textArray(n.map((o) => o.status)),
    textArray(n.map((o) => o.cancelReason)),
    textArray(n.map((o) => o.clientOrderId)),
    plainArray(u.map((o) => o.id)),
    plainArray(u.map((o) => o.filledLots)),
    plainArray(u.map((o) => o.quoteFilled)),
    plainArray(u.map((o) => o.notional)),
    plainArray(u.map((o) => o.fee)),
    plainArray(u.map((o) => o.used)),
    plainArray(u.map((o) => o.released)),
    textArray(u.map((o) => o.status)),
    textArray(u.map((o) => o.cancelReason)),
    plainArray(trades.map((t) => t.price)),
    plainArray(trades.map((t) => t.lots)),
    plainArray(trades.map((t) => t.quote)),
    textArray(trades.map((t) => t.takerSide)),
    plainArray(trades.map((t) => t.makerOrderId)),
    plainArray(trades.map((t) => t.takerOrderId)),
    plainArray(trades.map((t) => t.makerUserId)),
    plainArray(trades.map((t) => t.takerUserId)),
    plainArray(trades.map((t) => t.buyerFee)),
    plainArray(trades.map((t) => t.sellerFee)),
    plainArray(trades.map((t) => t.entry)),
  ];
}
