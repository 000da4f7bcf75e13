/**
 * Rules of copy trading for users (docs/product/follow.md): the trader list and detail, following
 * with a fixed amount or ratio, stopping, my copies, and applying as a lead trader.
 */
import type { CopyOrder, Follow, LeadProfile, SelfHolding, Trader, TraderDetail } from '@bourse/contract';
import { Dec, decimalToUnits, formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { publicProfiles } from '../identity';
import { closedPositions, leverMarginCurrencyId, openPositionsOf, positionsByIds } from '../lever';
import { currenciesByIds } from '../market';
import * as repo from './repo';
import { followResult } from './share';
import { navSeries, traderStats } from './stats';
import { stopFollowNow } from './stop';

/** Follow limits (docs/product/limits.md): USDT per copy, and the ratio's multiple. */
export const FOLLOW_LIMITS = {
  minAmount: '10',
  maxAmount: '200000',
  minRatio: '0.01',
  maxRatio: '10',
} as const;
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

async function margin(ctx: AppContext) {
  const id = await leverMarginCurrencyId(ctx);
  return { id, decimals: (await currenciesByIds(ctx.db, [id])).get(id)?.decimals ?? 6 };
}

async function traderView(
  ctx: AppContext,
  t: repo.TraderRow,
  period: number,
  followerId: number | null,
): Promise<Trader> {
  const cur = await margin(ctx);
  const [users, following] = await Promise.all([
    publicProfiles(ctx.db, [t.user_id]),
    followerId ? repo.activeFollow(ctx.db, followerId, t.user_id) : undefined,
  ]);
  const u = users.get(t.user_id);
  return {
    trader_user_id: t.user_id,
    nickname: u?.nickname || `#${t.user_id}`,
    avatar: u?.avatar ?? '',
    bio: t.bio,
    share_rate: new Dec(t.share_rate).toFixed(),
    since: (t.reviewed_at ?? t.applied_at).toISOString(),
    stats: await traderStats(ctx, t.user_id, cur.id, cur.decimals, period),
    following: Boolean(following),
  };
}

const SORT_KEY: Record<string, (t: Trader) => number> = {
  roi: (t) => Number(t.stats.roi),
  pnl: (t) => Number(t.stats.pnl),
  mdd: (t) => -Number(t.stats.mdd),
  win_rate: (t) => Number(t.stats.win_rate ?? -1),
  aum: (t) => Number(t.stats.aum),
  copiers: (t) => t.stats.copiers,
};

/** Approved traders with their statistics, sorted (the sort is over display figures; money is never computed from them). */
export async function listTraders(
  ctx: AppContext,
  userId: number | null,
  q: { period: number; sort: string; page: number; limit: number },
) {
  const all = await repo.approvedTraders(ctx.db);
  const views = [];
  for (const t of all) views.push(await traderView(ctx, t, q.period, userId));
  const key = SORT_KEY[q.sort] ?? SORT_KEY.roi!;
  views.sort((a, b) => key(b) - key(a) || a.trader_user_id - b.trader_user_id);
  const list = views.slice((q.page - 1) * q.limit, q.page * q.limit);
  return {
    list,
    total: views.length,
    page: q.page,
    limit: q.limit,
    has_more: q.page * q.limit < views.length,
  };
}

async function approved(ctx: AppContext, traderId: number): Promise<repo.TraderRow> {
  const t = await repo.trader(ctx.db, traderId);
  if (!t || t.status !== 'approved') throw new AppError('follow_trader_not_found');
  return t;
}

export async function traderDetail(
  ctx: AppContext,
  userId: number | null,
  traderId: number,
  period: number,
): Promise<TraderDetail> {
  const t = await approved(ctx, traderId);
  const cur = await margin(ctx);
  const [view, nav, open] = await Promise.all([
    traderView(ctx, t, period, userId),
    navSeries(ctx, traderId, cur.id),
    openPositionsOf(ctx, traderId),
  ]);
  const since = ctx.clock.now().getTime() - period * 86_400_000;
  // One point per second at most (the chart's time unit), the last of each second.
  const points = new Map<number, string>();
  for (const p of nav)
    if (p.at.getTime() >= since)
      points.set(
        Math.floor(p.at.getTime() / 1000),
        p.value.toDecimalPlaces(6, Dec.ROUND_HALF_EVEN).toFixed(),
      );
  return { ...view, nav: [...points].map(([time, value]) => ({ time, value })), open_positions: open.length };
}

export async function traderHistory(ctx: AppContext, traderId: number, page: number, limit: number) {
  await approved(ctx, traderId);
  const r = await closedPositions(ctx, traderId, { page, limit });
  return { list: r.views, total: r.total, page, limit, has_more: page * limit < r.total };
}

function units(value: string, decimals: number, field: string): bigint {
  if (!DECIMAL.test(value.trim())) throw new AppError('field_invalid', { field });
  return decimalToUnits(new Dec(value.trim()), decimals, 'down');
}

export interface FollowInput {
  trader_user_id: number;
  type: number;
  number: string;
  max_per_copy: string;
  stop_loss?: string;
}

export async function follow(ctx: AppContext, userId: number, input: FollowInput): Promise<Follow> {
  if (input.trader_user_id === userId) throw new AppError('follow_self');
  const t = await approved(ctx, input.trader_user_id);
  if (await repo.activeFollow(ctx.db, userId, t.user_id)) throw new AppError('follow_already');
  const cur = await margin(ctx);
  const mode = input.type === 2 ? 'ratio' : 'amount';
  const range = (v: string, min: string, max: string) => {
    if (!DECIMAL.test(v.trim()) || new Dec(v.trim()).lt(min) || new Dec(v.trim()).gt(max))
      throw new AppError('follow_amount_invalid', { min, max });
  };
  if (mode === 'amount') range(input.number, FOLLOW_LIMITS.minAmount, FOLLOW_LIMITS.maxAmount);
  else if (
    !DECIMAL.test(input.number.trim()) ||
    new Dec(input.number.trim()).lt(FOLLOW_LIMITS.minRatio) ||
    new Dec(input.number.trim()).gt(FOLLOW_LIMITS.maxRatio)
  )
    throw new AppError('field_invalid', { field: 'number' });
  range(input.max_per_copy, FOLLOW_LIMITS.minAmount, FOLLOW_LIMITS.maxAmount);
  const stopLoss =
    input.stop_loss && input.stop_loss.trim() !== ''
      ? units(input.stop_loss, cur.decimals, 'stop_loss')
      : null;
  if (stopLoss !== null && stopLoss <= 0n) throw new AppError('field_invalid', { field: 'stop_loss' });
  try {
    await ctx.db.transaction().execute((trx) =>
      repo.insertFollow(trx, {
        follower_id: userId,
        trader_id: t.user_id,
        mode,
        number: new Dec(input.number.trim()).toFixed(),
        max_per_copy: units(input.max_per_copy, cur.decimals, 'max_per_copy').toString(),
        stop_loss: stopLoss?.toString() ?? null,
        share_rate: t.share_rate,
        started_at: ctx.clock.now(),
      }),
    );
  } catch (err) {
    // Two requests at once: the unique index on active follows lets one through.
    if ((err as { code?: string }).code === '23505') throw new AppError('follow_already');
    throw err;
  }
  const row = await repo.activeFollow(ctx.db, userId, t.user_id);
  return (await followViews(ctx, [row!]))[0]!;
}

export async function cancel(ctx: AppContext, userId: number, traderId: number): Promise<Follow> {
  const f = await repo.activeFollow(ctx.db, userId, traderId);
  if (!f) throw new AppError('follow_not_found');
  const cur = await margin(ctx);
  const stopped = await stopFollowNow(ctx, f, 'user', cur.id);
  return (await followViews(ctx, [stopped]))[0]!;
}

export async function followViews(ctx: AppContext, rows: repo.FollowRow[]): Promise<Follow[]> {
  const cur = await margin(ctx);
  const [users, counts] = await Promise.all([
    publicProfiles(
      ctx.db,
      rows.map((r) => r.trader_id),
    ),
    repo.copyCounts(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const out: Follow[] = [];
  for (const f of rows) {
    const { realized } = await followResult(ctx, f.id);
    const c = counts.get(f.id) ?? { copies: 0, skipped: 0 };
    out.push({
      id: f.id,
      trader_user_id: f.trader_id,
      trader_nickname: users.get(f.trader_id)?.nickname || `#${f.trader_id}`,
      mode: f.mode as Follow['mode'],
      number: new Dec(f.number).toFixed(),
      max_per_copy: formatUnits(BigInt(f.max_per_copy), cur.decimals),
      stop_loss: f.stop_loss === null ? null : formatUnits(BigInt(f.stop_loss), cur.decimals),
      status: f.status as Follow['status'],
      stop_reason: f.stop_reason,
      started_at: f.started_at.toISOString(),
      stopped_at: f.stopped_at?.toISOString() ?? null,
      realized: formatUnits(realized, cur.decimals),
      shared: formatUnits(BigInt(f.shared), cur.decimals),
      high_water_mark: formatUnits(BigInt(f.hwm), cur.decimals),
      share_rate: new Dec(f.share_rate).toFixed(),
      copies: c.copies,
      skipped: c.skipped,
    });
  }
  return out;
}

export async function copyViews(
  ctx: AppContext,
  rows: repo.CopyRow[],
  message: (reason: string) => string | null,
): Promise<CopyOrder[]> {
  const positions = await positionsByIds(ctx, [
    ...new Set(
      rows.flatMap((c) =>
        c.copy_position_id ? [c.lead_position_id, c.copy_position_id] : [c.lead_position_id],
      ),
    ),
  ]);
  return rows.map((c) => {
    const lead = positions.get(c.lead_position_id)?.view;
    return {
      id: c.id,
      follow_id: c.follow_id,
      lead_position_id: c.lead_position_id,
      symbol: lead?.symbol ?? '',
      side: lead?.side ?? 'long',
      status: c.status === 'skipped' ? 'skipped' : 'placed',
      reason: (c.reason as CopyOrder['reason']) ?? null,
      message: c.reason ? message(c.reason) : null,
      position: c.copy_position_id ? (positions.get(c.copy_position_id)?.view ?? null) : null,
      created_at: c.created_at.toISOString(),
    };
  });
}

export async function selfHolding(
  ctx: AppContext,
  userId: number,
  page: number,
  limit: number,
  message: (reason: string) => string | null,
): Promise<SelfHolding> {
  const rows = await repo.followsOfFollower(ctx.db, userId);
  const { items, total } = await repo.copyPage(
    ctx.db,
    rows.map((r) => r.id),
    page,
    limit,
  );
  return {
    follows: await followViews(ctx, rows),
    copies: await copyViews(ctx, items, message),
    total,
    page,
    limit,
    has_more: page * limit < total,
  };
}

export async function apply(ctx: AppContext, userId: number, bio: string): Promise<LeadProfile> {
  if (await repo.trader(ctx.db, userId)) throw new AppError('follow_lead_exists');
  await repo.insertTrader(ctx.db, { user_id: userId, bio, applied_at: ctx.clock.now() });
  return leadProfile(ctx, userId);
}

export async function leadProfile(ctx: AppContext, userId: number): Promise<LeadProfile> {
  const t = await repo.trader(ctx.db, userId);
  if (!t) return { status: null, share_rate: null, copiers: 0, share_earned: '0', stats: null };
  const cur = await margin(ctx);
  const totals = (await repo.traderTotals(ctx.db, [userId])).get(userId);
  return {
    status: t.status as LeadProfile['status'],
    share_rate: new Dec(t.share_rate).toFixed(),
    copiers: totals?.copiers ?? 0,
    share_earned: formatUnits(totals?.shared ?? 0n, cur.decimals),
    stats: t.status === 'approved' ? await traderStats(ctx, userId, cur.id, cur.decimals, 30) : null,
  };
}
