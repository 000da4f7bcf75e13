import type { ChainName } from './derive';

/** What one watcher round did (for logs, tests and the console). */
export interface TickResult {
  head: bigint;
  /** Last block processed after the round. */
  cursor: bigint;
  scanned: number;
  observed: number;
  credited: number;
  dropped: number;
  /** Set when a reorg moved the cursor back to this common ancestor. */
  reorgTo?: bigint;
}

export interface WatcherStatus {
  chain: ChainName;
  running: boolean;
  head: string | null;
  cursor: string | null;
  confirmations: number;
  lastTickAt: string | null;
  lastError: string | null;
  reorgs: number;
}

/**
 * A chain watcher: finds transfers to deposit addresses and credits them once confirmed.
 * Each round is crash-safe on its own: observing (with the cursor) and crediting are separate
 * database transactions, each guarded so that a repeat changes nothing.
 */
export interface ChainWatcher {
  readonly chain: ChainName;
  tick(): Promise<TickResult>;
  status(): WatcherStatus;
}

/** Sends approved withdrawals of the currencies it can sign and completes them once confirmed. */
export interface WithdrawalSigner {
  readonly chain: ChainName;
  readonly address: string;
  currencyIds(): number[];
  tick(): Promise<{ sent: number; completed: number }>;
}
