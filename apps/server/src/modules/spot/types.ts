/** The spot writer's types: orders as the writer holds them, its commands and its matched groups. */
import type { ManyEntry } from '../ledger';
import type { OrderType, Side, TimeInForce } from './engine/book';

/** The account type spot orders spend from and are paid to (the user's "change" account). */
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

/** A trade of a group being committed: its fill's journal entry (1-based in the group) and the fees. */
export type SettledTrade = TradeRecord & { entry: number; buyerFee: bigint; sellerFee: bigint };

/** What one committed group changed (for realtime). */
export interface Committed {
  orders: OrderState[];
  trades: TradeRecord[];
}

export type Command = (
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

export type Outcome = { ok: true; order: OrderState } | { ok: false; error: unknown };

/** A group matched in memory, ready to commit. */
export interface Matched {
  cmds: Command[];
  outcomes: Outcome[];
  at: Date;
  entries: ManyEntry[];
  /**
   * The order and trade arguments of spot_commit_group2 as PostgreSQL array literals, built when
   * matched (later groups change the live states).
   */
  rows: string[];
  trades: SettledTrade[];
  committed: OrderState[];
}

/** The outcome of matching what was queued: a group, and what to do before the rest. */
export interface MatchResult {
  group: Matched | null;
  /** Commands not matched yet (they go back to the front of the queue). */
  rest: Command[];
  /** Accounts to re-read before going on (a freeze fell short of the writer's view). */
  refresh: number[];
}
