/** Console rules of copy trading: reviewing lead traders (approve with a share rate, reject, suspend, resume) and the copy log. Nothing here changes a result. */
import { MAX_SHARE_RATE, type AdminTrader } from '@bourse/contract';
import { Dec, formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { publicProfiles, userLabels } from '../identity';
import { leverMarginCurrencyId } from '../lever';
import { currenciesByIds } from '../market';
import { audit, type Operator } from '../operators';
import * as repo from './repo';
import { copyViews } from './service';
import { stopFollowNow } from './stop';

async function views(ctx: AppContext, rows: repo.TraderRow[]): Promise<AdminTrader[]> {
  const id = await leverMarginCurrencyId(ctx);
  const decimals = (await currenciesByIds(ctx.db, [id])).get(id)?.decimals ?? 6;
  const ids = rows.map((r) => r.user_id);
  const [labels, profiles, totals] = await Promise.all([
    userLabels(ctx.db, ids),
    publicProfiles(ctx.db, ids),
    repo.traderTotals(ctx.db, ids),
  ]);
  return rows.map((t) => ({
    trader_user_id: t.user_id,
    user_label: labels.get(t.user_id)?.label ?? `#${t.user_id}`,
    nickname: profiles.get(t.user_id)?.nickname ?? '',
    bio: t.bio,
    status: t.status as AdminTrader['status'],
    share_rate: new Dec(t.share_rate).toFixed(),
    applied_at: t.applied_at.toISOString(),
    reviewed_at: t.reviewed_at?.toISOString() ?? null,
    copiers: totals.get(t.user_id)?.copiers ?? 0,
    share_earned: formatUnits(totals.get(t.user_id)?.shared ?? 0n, decimals),
  }));
}

export async function adminTraders(ctx: AppContext, q: { status?: string; page: number; limit: number }) {
  const { items, total } = await repo.traders(ctx.db, q);
  return { list: await views(ctx, items), total, page: q.page, limit: q.limit };
}

const NEXT: Record<string, { from: string[]; to: string }> = {
  approve: { from: ['pending', 'rejected'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
  resume: { from: ['suspended'], to: 'approved' },
};

/** Reviews a trader; suspending stops every follow of theirs (open copies close, shares settle). */
export async function review(
  ctx: AppContext,
  op: Operator,
  traderId: number,
  action: string,
  shareRate: string | undefined,
  ip: string | null,
): Promise<AdminTrader> {
  const t = await repo.trader(ctx.db, traderId);
  if (!t) throw new AppError('follow_trader_not_found');
  const step = NEXT[action]!;
  if (!step.from.includes(t.status))
    throw new AppError('follow_trader_invalid', { reason: `${action} from ${t.status}` });
  if (action === 'approve' && (shareRate === undefined || new Dec(shareRate).gt(MAX_SHARE_RATE)))
    throw new AppError('follow_trader_invalid', {
      reason: `a share rate from 0 to ${MAX_SHARE_RATE} is required`,
    });
  const updated = (await repo.updateTrader(ctx.db, traderId, {
    status: step.to,
    ...(shareRate !== undefined && action === 'approve' ? { share_rate: new Dec(shareRate).toFixed() } : {}),
    reviewed_at: ctx.clock.now(),
    reviewed_by: op.id,
  }))!;
  if (action === 'suspend') {
    const currencyId = await leverMarginCurrencyId(ctx);
    for (const f of await repo.activeFollowsOf(ctx.db, [traderId]))
      await stopFollowNow(ctx, f, 'trader_suspended', currencyId);
  }
  await audit(
    ctx,
    op.id,
    `follow.trader_${action}`,
    `user:${traderId}`,
    { status: t.status, share_rate: t.share_rate },
    { status: updated.status, share_rate: updated.share_rate },
    ip,
  );
  return (await views(ctx, [updated]))[0]!;
}

export async function copyLog(
  ctx: AppContext,
  q: { trader_user_id?: number; follower_id?: number; page: number; limit: number },
) {
  const { items, total } = await repo.consoleCopies(ctx.db, {
    traderId: q.trader_user_id,
    followerId: q.follower_id,
    page: q.page,
    limit: q.limit,
  });
  const labels = await userLabels(
    ctx.db,
    items.map((i) => i.follower_id),
  );
  const copies = await copyViews(ctx, items, (r) => r);
  return {
    list: copies.map((c, i) => ({
      ...c,
      follower_id: items[i]!.follower_id,
      follower_label: labels.get(items[i]!.follower_id)?.label ?? `#${items[i]!.follower_id}`,
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}
