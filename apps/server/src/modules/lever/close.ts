/**
 * Closing a position: one transaction that marks it closed (only once: the update is guarded by
 * `status = 'open'`) and posts its one journal entry (idempotency key `lever:<id>:close`).
 * The same path serves the user's close, close-all, batch close and the trigger sweep.
 */
import { Dec, isLiquidatable, marginTiers, type MarginTier } from '@bourse/money';
import type { AppContext } from '../../context';
import type { Leg } from '../ledger';
import { BatchRefused, accountBalance, ledger, lockAccount, postMany, type ManyEntry } from '../ledger';
import type { Tick } from '../market';
import { parseTierRows, type LeverProduct } from './products';
import * as repo from './repo';
import { settleClose, terms, type CloseFigures, type ExitReason, type Market, type Side } from './rules';

export const INSURANCE_ACCOUNT = 'lever_insurance';

export function marketOf(p: LeverProduct): Market {
  return {
    settlement: p.settlement,
    tiers: p.tiers,
    feeRate: p.feeRate,
    pricePlaces: p.inst.price_precision,
    decimals: p.currency.decimals,
  };
}

/** A position's own terms: the tiers and fee rate it was opened with, not the product's current ones. */
export function positionMarket(p: LeverProduct, row: repo.PositionRow): Market {
  const m = marketOf(p);
  return {
    ...m,
    settlement: row.settlement as Market['settlement'],
    feeRate: new Dec(row.fee_rate),
    tiers: tiersOf(row),
  };
}

/** Parsed tier tables by their JSON text: a sweep's positions share a handful of them. */
const tierCache = new Map<string, MarginTier[]>();
function tiersOf(row: repo.PositionRow): MarginTier[] {
  const key = typeof row.tiers === 'string' ? row.tiers : JSON.stringify(row.tiers);
  let tiers = tierCache.get(key);
  if (!tiers) {
    if (tierCache.size > 1000) tierCache.clear();
    tiers = marginTiers(parseTierRows(row.tiers));
    tierCache.set(key, tiers);
  }
  return tiers;
}

export function positionTerms(p: LeverProduct, row: repo.PositionRow) {
  return terms(
    positionMarket(p, row),
    row.side as Side,
    new Dec(row.qty),
    new Dec(row.entry_price),
    BigInt(row.margin),
  );
}

/** The exit columns of a close. */
function exitOf(f: CloseFigures, tick: Tick, at: Date, id: string): repo.Exit & { id: string } {
  return {
    id,
    exit_reason: f.reason,
    exit_price: tick.price,
    exit_tick_id: tick.id,
    close_fee: f.fee.toString(),
    pnl: f.pnl.toString(),
    credited: f.credited.toString(),
    insurance: f.reason === 'liquidation' ? f.insurance.toString() : null,
    shortfall: f.shortfall > 0n ? f.shortfall.toString() : null,
    closed_at: at,
  };
}

/** The legs of a close: the margin leaves the frozen bucket for the credit, the fee, the house and the fund. */
function legsOf(
  row: repo.PositionRow,
  f: CloseFigures,
  to: { fees: number; house: number; insurance: number },
): Leg[] {
  const legs: Leg[] = [{ accountId: row.account_id, bucket: 'frozen', amount: -BigInt(row.margin) }];
  const add = (accountId: number, amount: bigint) => {
    if (amount !== 0n) legs.push({ accountId, bucket: 'available', amount });
  };
  add(row.account_id, f.credited);
  add(to.fees, f.fee);
  add(to.house, f.house);
  add(to.insurance, f.insurance);
  return legs;
}

/**
 * Closes `row` at `tick` for `asked` (a liquidatable price makes it a liquidation). Returns the
 * closed row, or null when the position was no longer open (closed by another request or the
 * sweep): nothing moved then.
 */
export async function closeAt(
  ctx: AppContext,
  p: LeverProduct,
  row: repo.PositionRow,
  tick: Tick,
  asked: ExitReason,
): Promise<repo.PositionRow | null> {
  const m = positionMarket(p, row);
  const t = positionTerms(p, row);
  const price = new Dec(tick.price);
  const margin = BigInt(row.margin);
  const currencyId = p.currency.id;
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    // A liquidation may draw on the insurance fund: lock it first and read what it holds (every
    // liquidation takes this lock before the position's row, so they queue instead of deadlocking).
    let fund = 0n;
    let insurance: number | null = null;
    if (isLiquidatable(t, price)) {
      insurance = await ledger.systemAccount(trx, INSURANCE_ACCOUNT, currencyId);
      await lockAccount(trx, insurance);
      fund = (await accountBalance(trx, insurance)).available;
    }
    const f = settleClose(m, t, margin, price, asked, fund);
    const closed = await repo.markClosed(trx, row.id, {
      exit_reason: f.reason,
      exit_price: tick.price,
      exit_tick_id: tick.id,
      close_fee: f.fee.toString(),
      pnl: f.pnl.toString(),
      credited: f.credited.toString(),
      insurance: f.reason === 'liquidation' ? f.insurance.toString() : null,
      shortfall: f.shortfall > 0n ? f.shortfall.toString() : null,
      closed_at: now,
    });
    if (!closed) return null;
    const legs: Leg[] = [{ accountId: row.account_id, bucket: 'frozen', amount: -margin }];
    const add = (accountId: number, amount: bigint) => {
      if (amount !== 0n) legs.push({ accountId, bucket: 'available', amount });
    };
    add(row.account_id, f.credited);
    if (f.fee !== 0n) add(await ledger.systemAccount(trx, 'fees', currencyId), f.fee);
    if (f.house !== 0n) add(await ledger.systemAccount(trx, 'house', currencyId), f.house);
    if (f.insurance !== 0n)
      add(insurance ?? (await ledger.systemAccount(trx, INSURANCE_ACCOUNT, currencyId)), f.insurance);
    await ledger.post(
      trx,
      {
        kind: f.reason === 'liquidation' ? 'lever_liquidation' : 'lever_close',
        refType: 'lever_position',
        refId: row.id,
        idempotencyKey: `lever:${row.id}:close`,
        memo: `${f.reason} at ${tick.price} (tick ${tick.id})`,
        legs,
      },
      now,
    );
    if (f.shortfall > 0n) {
      ctx.log.warn(
        { position: row.id, shortfall: f.shortfall.toString(), fund: fund.toString() },
        'lever: liquidation beyond the insurance fund, the house absorbed the shortfall',
      );
    }
    return closed;
  });
}

export interface CloseItem {
  row: repo.PositionRow;
  tick: Tick;
  reason: ExitReason;
}

/**
 * Closes many positions of one market in one transaction (the sweep): one guarded statement marks
 * them closed, and their journal entries (the same keys and legs as closeAt's) are posted together.
 * Liquidations draw on the insurance fund in order, from its balance read under lock. If the
 * ledger refuses the batch (a key already used, a balance short), it rolls back and each
 * position closes on its own. Returns the positions this call closed.
 */
export async function closeBatch(
  ctx: AppContext,
  p: LeverProduct,
  items: CloseItem[],
): Promise<repo.PositionRow[]> {
  if (items.length === 0) return [];
  const currencyId = p.currency.id;
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const figures = items.map((it) => ({
        it,
        m: positionMarket(p, it.row),
        t: positionTerms(p, it.row),
        price: new Dec(it.tick.price),
        margin: BigInt(it.row.margin),
      }));
      const insurance = await ledger.systemAccount(trx, INSURANCE_ACCOUNT, currencyId);
      let fund = 0n;
      if (figures.some((x) => isLiquidatable(x.t, x.price))) {
        await lockAccount(trx, insurance);
        fund = (await accountBalance(trx, insurance)).available;
      }
      const exits = figures.map((x) => {
        const f = settleClose(x.m, x.t, x.margin, x.price, x.it.reason, fund);
        fund += f.insurance;
        return { f, exit: exitOf(f, x.it.tick, now, x.it.row.id) };
      });
      const closed = await repo.markClosedMany(
        trx,
        exits.map((e) => e.exit),
      );
      const byId = new Map(exits.map((e) => [e.exit.id, e.f]));
      const [fees, house] = [
        await ledger.systemAccount(trx, 'fees', currencyId),
        await ledger.systemAccount(trx, 'house', currencyId),
      ];
      const entries: ManyEntry[] = closed.map((row) => {
        const f = byId.get(row.id)!;
        return {
          kind: f.reason === 'liquidation' ? 'lever_liquidation' : 'lever_close',
          refType: 'lever_position',
          refId: row.id,
          idempotencyKey: `lever:${row.id}:close`,
          memo: `${f.reason} at ${row.exit_price} (tick ${row.exit_tick_id})`,
          legs: legsOf(row, f, { fees, house, insurance }).map((l) => ({ ...l, currencyId })),
        };
      });
      await postMany(trx, entries, now);
      for (const row of closed) {
        const f = byId.get(row.id)!;
        if (f.shortfall > 0n)
          ctx.log.warn(
            { position: row.id, shortfall: f.shortfall.toString() },
            'lever: liquidation beyond the insurance fund, the house absorbed the shortfall',
          );
      }
      return closed;
    });
  } catch (err) {
    if (!(err instanceof BatchRefused)) throw err;
    const out: repo.PositionRow[] = [];
    for (const it of items) {
      const row = await closeAt(ctx, p, it.row, it.tick, it.reason);
      if (row) out.push(row);
    }
    return out;
  }
}
