/** The mirror of an app (one per app context, so two apps can run in one process). */
import type { AppContext } from '../../context';
import { FollowMirror } from './mirror';

const mirrors = new WeakMap<AppContext, FollowMirror>();

export function startMirror(ctx: AppContext): FollowMirror {
  const m = new FollowMirror(ctx);
  mirrors.set(ctx, m);
  m.start();
  return m;
}

export async function stopMirror(ctx: AppContext, m: FollowMirror): Promise<void> {
  if (mirrors.get(ctx) === m) mirrors.delete(ctx);
  await m.stop();
}
