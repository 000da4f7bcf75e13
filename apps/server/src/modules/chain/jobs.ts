import type { AppContext } from '../../context';
import type { Custody } from './custody';
import { buildEvmRuntime, type EvmRuntime } from './runtime';
import { ensureChainAssets } from './service';

/** The running EVM parts of a context (read by the console status page). */
export const runtimes = new WeakMap<AppContext, EvmRuntime>();

/**
 * Starts the EVM watcher and signer when EVM_RPC_URL is configured (the embedded default has no
 * chain). Rounds run one after another every CHAIN_POLL_MS; a failing round is logged and retried.
 * An unreachable node at start is retried with a growing delay (at most a minute).
 */
export async function startChainJobs(ctx: AppContext, custody: Custody): Promise<{ stop(): Promise<void> }> {
  await ensureChainAssets(ctx);
  if (!ctx.config.chain.evmRpcUrl) return { async stop() {} };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  let runtime: EvmRuntime | null = null;
  let retryMs = ctx.config.chain.pollMs;

  const round = async () => {
    if (!runtime) {
      try {
        runtime = await buildEvmRuntime(ctx, custody);
      } catch (err) {
        ctx.log.error({ err, retryMs }, 'EVM watcher cannot start; retrying');
        retryMs = Math.min(60_000, retryMs * 2);
        return;
      }
      if (!runtime) return;
      runtimes.set(ctx, runtime);
      runtime.watcher.running = true;
      ctx.log.info(
        { chainId: runtime.chainId, signer: runtime.signer?.address ?? null, token: runtime.tokenAddress },
        'EVM watcher started',
      );
    }
    try {
      await runtime.watcher.tick();
    } catch (err) {
      ctx.log.warn({ err }, 'EVM watcher round failed');
    }
    if (runtime.signer) {
      try {
        await runtime.signer.tick();
      } catch (err) {
        ctx.log.warn({ err }, 'EVM signer round failed');
      }
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        current = round().finally(schedule);
      },
      runtime ? ctx.config.chain.pollMs : retryMs,
    );
  };
  current = round().finally(schedule);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      if (runtime) runtime.watcher.running = false;
    },
  };
}
