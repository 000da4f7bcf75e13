/** The follow domain: copy trading of leverage positions (docs/product/follow.md). The only file other modules import. */
import type { AppContext } from '../../context';
import { DemoLeadBot, seedFollowDemo } from './demo';
import { startMirror, stopMirror } from './jobs';

export { followRoutes } from './routes';
export { followAdminRoutes } from './admin-routes';
export { mirrorPass, FollowMirror } from './mirror';

/** Background work of the domain: the mirror; started by server.ts after listen. */
// eslint-disable-next-line @typescript-eslint/require-await -- the interface of domain jobs is async
export async function startFollowJobs(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const mirror = startMirror(ctx);
  const bot = ctx.config.demoData ? new DemoLeadBot(ctx, ctx.config.followDemoBotMs) : null;
  bot?.start();
  return {
    async stop() {
      await bot?.stop();
      await stopMirror(ctx, mirror);
    },
  };
}

/** Demo data of the domain (only with DEMO_DATA; idempotent): demo lead traders. */
export async function seedFollowDemoData(ctx: AppContext): Promise<void> {
  await seedFollowDemo(ctx);
}
