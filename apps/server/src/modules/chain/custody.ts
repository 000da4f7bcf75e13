import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';

/**
 * What the chain watchers and signers need from the asset centre, handed to them when the chain
 * jobs start (the assets module's `custody` satisfies it). The chain module never imports the
 * asset centre: deposits are credited and withdrawals read and completed only through this.
 */
export interface Custody {
  /** Credits a confirmed deposit in the caller's transaction; unique per (chain, tx, log). */
  creditDeposit(
    ctx: AppContext,
    trx: Transaction<DB>,
    d: { userId: number; currencyId: number; amount: bigint; source: 'chain'; chain: string; txHash: string; logIndex: number; address: string },
  ): Promise<{ depositId: number; duplicate: boolean }>;
  /** Approved withdrawals of these currencies, oldest first. */
  listApprovedWithdrawals(
    ctx: AppContext,
    currencyIds: number[],
    limit: number,
  ): Promise<Array<{ id: number; userId: number; currencyId: number; address: string; amount: bigint }>>;
  /** approved → sent with the transaction hash (guarded). */
  markWithdrawalSent(ctx: AppContext, id: number, txHash: string, operatorId: number | null): Promise<void>;
  /** sent → completed, settling the frozen amount (guarded). */
  completeWithdrawal(ctx: AppContext, id: number, operatorId: number | null): Promise<void>;
}
