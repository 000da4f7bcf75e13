/**
 * Lead-trader statistics, computed only from fills and ledger entries (docs/product/follow.md);
 * nothing here is stored or editable.
 * - NAV per unit of the trader's lever account: the account's journal in order; a transfer in or
 *   out (anything not a leverage fill) buys or sells units at the current NAV per unit, a fill
 *   changes NAV per unit. Equity is at cost (open margin at what it cost): fills only.
 * - ROI over a period: NAV per unit now ÷ NAV per unit at the period's start − 1 (time-weighted,
 *   so deposits do not inflate it). MDD: the largest fall from a peak of NAV per unit in the period.
 * - P&L and win rate: positions closed in the period, P&L after both fees; win = above zero.
 */
import { ACCOUNT_TYPES, type TraderStats } from '@bourse/contract';
import { Dec, formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { userJournalLines } from '../ledger';
import { closedPositions, positionsByIds } from '../lever';
import * as repo from './repo';

const DAY = 86_400_000;
/** Journal entries of a lever position's fills; everything else moving the lever account is a flow. */
const FILLS = new Set(['lever_open', 'lever_close', 'lever_liquidation']);

export interface NavPoint {
  at: Date;
  value: Dec;
}

/** NAV per unit after each journal entry of the trader's lever account (oldest first). */
export async function navSeries(ctx: AppContext, userId: number, currencyId: number): Promise<NavPoint[]> {
  const lines = (
    await userJournalLines(ctx.db, userId, {
      currencyId,
      accountType: ACCOUNT_TYPES.lever,
      limit: 20_000,
      offset: 0,
    })
  ).reverse();
  let equity = new Dec(0);
  let units = new Dec(0);
  let value = new Dec(1);
  const out: NavPoint[] = [];
  for (const l of lines) {
    const delta = new Dec((l.available + l.frozen).toString());
    if (FILLS.has(l.kind)) {
      equity = equity.add(delta);
      if (units.gt(0)) value = equity.div(units);
      out.push({ at: l.createdAt, value });
    } else {
      // A flow buys (or sells) units at the NAV per unit before it.
      units = units.add(delta.div(value));
      equity = equity.add(delta);
      if (units.lte(0)) {
        units = new Dec(0);
        value = new Dec(1);
      }
    }
  }
  return out;
}

export async function traderStats(
  ctx: AppContext,
  userId: number,
  currencyId: number,
  decimals: number,
  periodDays: number,
): Promise<TraderStats> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - periodDays * DAY);
  const nav = await navSeries(ctx, userId, currencyId);
  const before = nav.filter((p) => p.at < since).at(-1)?.value ?? new Dec(1);
  const inPeriod = nav.filter((p) => p.at >= since);
  const last = inPeriod.at(-1)?.value ?? before;
  let peak = before;
  let mdd = new Dec(0);
  for (const p of inPeriod) {
    if (p.value.gt(peak)) peak = p.value;
    else if (peak.gt(0)) mdd = Dec.max(mdd, peak.sub(p.value).div(peak));
  }
  const closed = await closedPositions(ctx, userId, { since, page: 1, limit: 10_000 });
  let pnl = 0n;
  let wins = 0;
  for (const r of closed.rows) {
    const net = BigInt(r.pnl ?? '0') - BigInt(r.open_fee) - BigInt(r.close_fee ?? '0');
    pnl += net;
    if (net > 0n) wins++;
  }
  const follows = await repo.activeFollowsOf(ctx.db, [userId]);
  const copies = await repo.placedCopies(
    ctx.db,
    follows.map((f) => f.id),
  );
  const positions = await positionsByIds(
    ctx,
    copies.map((c) => c.copy_position_id!),
  );
  let aum = 0n;
  for (const { row } of positions.values()) if (row.status === 'open') aum += BigInt(row.margin);
  return {
    period_days: periodDays,
    roi: last.div(before).sub(1).toDecimalPlaces(4, Dec.ROUND_HALF_EVEN).toFixed(),
    pnl: formatUnits(pnl, decimals),
    mdd: mdd.toDecimalPlaces(4, Dec.ROUND_HALF_EVEN).toFixed(),
    win_rate: closed.rows.length
      ? new Dec(wins).div(closed.rows.length).toDecimalPlaces(4, Dec.ROUND_HALF_EVEN).toFixed()
      : null,
    trades: closed.rows.length,
    aum: formatUnits(aum, decimals),
    copiers: follows.length,
  };
}
