/**
 * The one writer of a market: it owns the market's order book and is the only code that changes
 * the market's orders. This file is its pipeline; the book and the matching are `matcher.ts`,
 * the accounting `settlement.ts`, the view of balances `account-view.ts`, the statement
 * `group-sql.ts`, the command queue `command-queue.ts`.
 *
 * Commands (place, cancel) queue up; the writer takes everything queued (up to MAX_BATCH),
 * matches it in memory and commits the group as ONE statement (`spot_commit_group2`; group
 * commit): per order a freeze, per fill one journal entry settling buyer and seller (fees and
 * rounding residue included), per finished order a release of what stayed frozen, the touched
 * orders and the trades. Orders, fills and journal entries commit together; a command is
 * answered only after its group committed.
 *
 * Pipeline: while a group commits, the next one is matched (at most PIPELINE_DEPTH groups in
 * flight) and its statement sent at once, on another connection; each names the fence value of
 * the one before it (it writes its own new rows, then waits for the group ahead), so the database
 * applies them one after another in matching order and a group never commits on top of one that
 * failed. A committed group is answered just after the next group has been sent (answerSoon),
 * so that the database never waits for this process's replies.
 *
 * If a commit fails, the in-memory book is ahead of the database: the writer waits for the
 * groups in flight, rebuilds from the open orders (the database is the truth) and retries the
 * commands of the failed groups one at a time.
 */
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { AccountView } from './account-view';
import { CommandQueue, refuseExpired } from './command-queue';
import type { OrderBook } from './engine/book';
import { commitGroup } from './group-sql';
import type { SpotMarket } from './market';
import { Matcher } from './matcher';
import { claimMarket, nextOrderIds, openOrderRows, rowToState } from './repo';
import { spendCurrency } from './settlement';
import type { CancelReason, Command, Committed, Matched, MatchResult, NewOrder, OrderState } from './types';

/** Order ids fetched from the sequence at once. */
const ORDER_ID_BLOCK = 1024;
/** Groups matched ahead of their commit at most (one committing, the next one ready). */
const PIPELINE_DEPTH = 2;

export class MarketWriter {
  private readonly view: AccountView;
  private readonly matcher: Matcher;
  private readonly queue = new CommandQueue();
  private running: Promise<void> | null = null;
  private closed = false;
  /**
   * The fence value the next group launched expects: the epoch claimed at rebuild × 2^32 plus the
   * groups launched since (a bigint: epochs grow past 2^21).
   */
  private nextSeq = 0n;
  /** When the last launched group settled (for the busy time). */
  private settledAt = 0;
  /** Commands in the last group launched: the queue length at which the next one is sent early. */
  private lastGroupSize = 0;
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
  ) {
    this.view = new AccountView(db);
    this.matcher = new Matcher(this.view);
  }

  /** The market's order book (replaced by every rebuild). */
  get book(): OrderBook {
    return this.matcher.book;
  }

  /**
   * Loads the open orders into a fresh book, in their original time order (id order), and the
   * market's commit sequence. Only with nothing in flight.
   */
  async rebuild(): Promise<void> {
    const m = this.market;
    // Claim the market first: a new epoch for the fence, so a group of any other writer (or of
    // this one before the rebuild) is refused from now on, and the open orders read next hold
    // everything committed before the claim.
    const seq = await claimMarket(this.db, m.instrumentId);
    const rows = await openOrderRows(this.db, m.instrumentId);
    // Every account a fill of a resting order can touch, so matching never waits for one.
    await this.view.ensureUsers(m, rows.map((r) => r.user_id));
    for (const code of ['fees', 'rounding'] as const) for (const c of [m.baseCurrencyId, m.quoteCurrencyId]) await this.view.ensureSystem(code, c);
    this.matcher.load(rows.map(rowToState));
    this.nextSeq = seq;
    this.view.clear();
    this.stats.rebuilds++;
  }

  /** An open order of this market (a copy), if resting here. */
  openOrder(id: number): OrderState | undefined {
    const o = this.matcher.orders.get(id);
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
    if (this.closed || !this.queue.push(cmd)) {
      cmd.reject(new AppError('spot_busy'));
      return;
    }
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
        const forwarded = this.queue.hasForwarded();
        if (forwarded || this.queue.length < this.lastGroupSize) {
          await this.queue.reaches(forwarded ? Infinity : this.lastGroupSize, this.inFlight[0]!);
          continue;
        }
      }
      const cmds = this.queue.takeGroup();
      if (!cmds.length) continue;
      let r: MatchResult;
      try {
        await this.prepare(cmds);
        r = this.matcher.match(this.market, cmds, this.clock.now());
      } catch {
        // The book may be half-changed: commit what is in flight, then rebuild and retry.
        await this.waitForCommits();
        this.broken = true;
        this.retry.push(...cmds);
        continue;
      }
      this.queue.putBack(r.rest);
      if (r.group) {
        this.lastGroupSize = r.group.cmds.length;
        this.launch(r.group);
      }
      if (r.refresh.length) {
        await this.waitForCommits();
        if (!this.broken) await this.view.refresh(r.refresh);
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
   * market's serial path (docs/benchmarks-history.md, tenth session). Groups are answered in commit order
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
    let r = this.matcher.match(this.market, [cmd], this.clock.now());
    if (!r.group && r.refresh.length) {
      await this.view.refresh(r.refresh);
      r = this.matcher.match(this.market, [cmd], this.clock.now());
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
   * Sends a group's statement (group-sql.ts), fenced on `seq`: the market's fence value must be
   * exactly that when the group commits. Resolves with the new trades' ids.
   */
  private async send(g: Matched, seq: bigint): Promise<string[]> {
    const sentAt = performance.now();
    try {
      const ids = await commitGroup(this.db, this.market, seq, g);
      this.groupLog?.push([sentAt, performance.now(), g.cmds.length]);
      return ids;
    } catch (err) {
      if ((err as { code?: string }).code === 'BS002') this.stats.overdrawn++;
      throw err;
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
   */
  private async prepare(cmds: Command[]): Promise<void> {
    const m = this.market;
    const places = cmds.filter((c) => c.kind === 'place');
    if (!places.length) return;
    const ids = this.matcher.idBlock;
    if (ids.length < places.length) ids.push(...(await nextOrderIds(this.db, Math.max(places.length, ORDER_ID_BLOCK))));
    await this.view.ensureUsers(m, places.map((c) => c.order.userId));
    await this.view.load(places.map((c) => this.view.id(c.order.userId, spendCurrency(m, c.order.side))));
  }
}
