/**
 * A market's book and open orders as its writer holds them, and the matching of queued commands
 * into a group: synchronous (nothing else changes the book meanwhile), in memory, with the
 * accounting of `settlement.ts` and the balance view of `account-view.ts`. What it builds is
 * committed by the writer (`writer.ts`) as one statement (`group-sql.ts`).
 */
import { AppError } from '../../http/errors';
import type { ManyEntry } from '../ledger';
import { OrderBook } from './engine/book';
import type { SpotMarket } from './market';
import type { AccountView } from './account-view';
import { groupRows } from './group-sql';
import { freezeEntry, releaseEntry, settleFill, spendCurrency } from './settlement';
import type { Command, Matched, MatchResult, OrderState, Outcome } from './types';

export class Matcher {
  book = new OrderBook();
  /** The open orders resting in the book, by id (the states the writer commits). */
  orders = new Map<number, OrderState>();
  /** Order ids taken from the sequence and not used yet (increasing: id order is time order). */
  readonly idBlock: number[] = [];

  constructor(private readonly view: AccountView) {}

  /** A fresh book of the open orders, in their original time order (id order). */
  load(open: OrderState[]): void {
    const book = new OrderBook();
    const orders = new Map<number, OrderState>();
    for (const o of open) {
      orders.set(o.id, o);
      book.restore({ id: o.id, owner: o.userId, side: o.side, price: o.priceTicks, remaining: o.amountLots - o.filledLots });
    }
    this.book = book;
    this.orders = orders;
  }

  /**
   * Matches commands against the book and builds their group. Stops before a place whose freeze
   * exceeds the view of the balance when that view may be stale, so the balance is refreshed
   * before the order is refused.
   */
  match(m: SpotMarket, cmds: Command[], now: Date): MatchResult {
    const outcomes: Outcome[] = [];
    const touched = new Map<number, OrderState>();
    /** Orders placed in this group (inserted; the other touched orders are updated). */
    const placed = new Set<number>();
    const entries: ManyEntry[] = [];
    const trades: Matched['trades'] = [];
    const add = (entry: ManyEntry | null) => {
      if (!entry) return;
      entries.push(entry);
      this.view.credit(entry);
    };
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
        add(releaseEntry(m, this.view.id, o));
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
      const acct = this.view.id(n.userId, spendCurrency(m, n.side));
      if (this.view.available(acct) < n.freeze) {
        if (this.view.stale(acct)) {
          refresh = [acct];
          break;
        }
        outcomes.push({ ok: false, error: new AppError('insufficient_balance') });
        continue;
      }
      this.view.spend(acct, n.freeze);
      const id = this.idBlock.shift()!;
      entries.push(freezeEntry(m, id, n.side, acct, n.freeze));
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
        const s = settleFill(m, this.view.id, f, o, maker, seq++, now);
        add(s.entry);
        s.trade.entry = entries.length;
        trades.push(s.trade);
        touched.set(maker.id, maker);
        if (f.makerRemaining === 0) {
          maker.status = 'filled';
          add(releaseEntry(m, this.view.id, maker));
          this.orders.delete(maker.id);
        }
      }
      if (r.outcome !== 'resting') {
        o.status = r.outcome === 'filled' ? 'filled' : 'cancelled';
        if (o.status === 'cancelled') o.cancelReason = r.reason === 'self_trade' ? 'self_trade' : r.reason === 'no_liquidity' ? 'no_liquidity' : 'ioc';
        add(releaseEntry(m, this.view.id, o));
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
}
