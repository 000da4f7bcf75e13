/** Stopping a follow: its open copies close at the current price, the profit share settles (docs/product/follow.md). */
import type { AppContext } from '../../context';
import { closeNow, positionsByIds } from '../lever';
import * as repo from './repo';
import { settleShare } from './share';

/** Stops an active follow for `reason` ('user', 'stop_loss', 'trader_suspended'); returns the stopped row. */
export async function stopFollowNow(
  ctx: AppContext,
  f: repo.FollowRow,
  reason: string,
  currencyId: number,
): Promise<repo.FollowRow> {
  const stopped =
    (await repo.stopFollow(ctx.db, f.id, reason, ctx.clock.now())) ?? (await repo.followById(ctx.db, f.id))!;
  const placed = await repo.placedCopies(ctx.db, [f.id]);
  const positions = await positionsByIds(
    ctx,
    placed.map((c) => c.copy_position_id!),
  );
  const open = [...positions.values()].filter((p) => p.row.status === 'open').map((p) => p.row.id);
  if (open.length) {
    const r = await closeNow(ctx, f.follower_id, open);
    for (const x of r.results)
      if (x.outcome !== 'closed' && x.outcome !== 'already_closed')
        ctx.log.warn(
          { follow: f.id, position: x.id, outcome: x.outcome },
          'follow: a copy could not close on stop; it stays open as the follower’s own position',
        );
  }
  for (const c of placed) {
    const now = (await positionsByIds(ctx, [c.copy_position_id!])).get(c.copy_position_id!)?.row;
    if (now?.status === 'closed') await repo.markCopyClosed(ctx.db, c.id);
  }
  await settleShare(ctx, f.id, currencyId, true);
  return (await repo.followById(ctx.db, f.id)) ?? stopped;
}
