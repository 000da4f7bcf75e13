/** The chain domain: blockchain wallets: HD deposit addresses, chain watchers, withdrawal signers. The only file other modules import. */
export { chainRoutes } from './routes';
export { chainAdminRoutes } from './admin-routes';
export { startChainJobs } from './jobs';
export type { Custody } from './custody';
export { seedChainDemo } from './demo';
export { getInAddress, ensureChainAssets, chainAssets, type InAddress } from './service';
export type { ChainWatcher, WithdrawalSigner, WatcherStatus, TickResult } from './watcher';
