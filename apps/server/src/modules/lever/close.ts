/**
 * Closing a position: one transaction that marks it closed (only once: the update is guarded by
 * `status = 'open'`) and posts its one journal entry (idempotency key `lever:<id>:close`).
 * The same path serves the user's close, close-all, batch close and the trigger sweep.
 */
import { Dec, marginTiers } from '@bourse/money';
import type { AppContext } from '../../context';
import type { Leg } from '../ledger';
import { accountBalance, ledger, lockAccount } from '../ledger';
import type { Tick } from '../market';
import { parseTierRows, type LeverProduct } from './products';
import * as repo from './repo';
import { settleClose, terms, type ExitReason, type Market, type Side } from './rules';

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

function tiersOf(row: repo.PositionRow) {
  return marginTiers(parseTierRows(row.tiers));
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
    if (settleClose(m, t, margin, price, asked, 0n).reason === 'liquidation') {
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
