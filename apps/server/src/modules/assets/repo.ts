/** SQL of the asset centre (Kysely); NUMERIC/INT8 strings become bigint here. */
import type { Selectable } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import type {
  AssetCurrencyConfigTable,
  AssetDepositsTable,
  AssetWithdrawalsTable,
} from '../../db/tables/assets';

type Executor = Database | Transaction<DB>;

export interface CurrencyConfig {
  currencyId: number;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawMin: bigint;
  /** 0 = no maximum. */
  withdrawMax: bigint;
  withdrawFee: bigint;
  /** 0 = no daily limit. */
  withdrawDailyLimit: bigint;
  /** 0 = one approval always suffices. */
  twoApprovalThreshold: bigint;
  transferFee: bigint;
  exchangeEnabled: boolean;
  /** Exact decimal strings (fractions of 1). */
  exchangeSpread: string;
  exchangeFeeRate: string;
}

function configOf(r: Selectable<AssetCurrencyConfigTable>): CurrencyConfig {
  return {
    currencyId: r.currency_id,
    depositEnabled: r.deposit_enabled,
    withdrawEnabled: r.withdraw_enabled,
    withdrawMin: BigInt(r.withdraw_min),
    withdrawMax: BigInt(r.withdraw_max),
    withdrawFee: BigInt(r.withdraw_fee),
    withdrawDailyLimit: BigInt(r.withdraw_daily_limit),
    twoApprovalThreshold: BigInt(r.two_approval_threshold),
    transferFee: BigInt(r.transfer_fee),
    exchangeEnabled: r.exchange_enabled,
    exchangeSpread: r.exchange_spread,
    exchangeFeeRate: r.exchange_fee_rate,
  };
}

export function defaultConfig(currencyId: number): CurrencyConfig {
  return {
    currencyId,
    depositEnabled: true,
    withdrawEnabled: true,
    withdrawMin: 0n,
    withdrawMax: 0n,
    withdrawFee: 0n,
    withdrawDailyLimit: 0n,
    twoApprovalThreshold: 0n,
    transferFee: 0n,
    exchangeEnabled: true,
    exchangeSpread: '0',
    exchangeFeeRate: '0',
  };
}

export async function currencyConfig(db: Executor, currencyId: number): Promise<CurrencyConfig> {
  const r = await db
    .selectFrom('asset_currency_config')
    .selectAll()
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
  return r ? configOf(r) : defaultConfig(currencyId);
}

export async function allConfigs(db: Executor): Promise<Map<number, CurrencyConfig>> {
  const rows = await db.selectFrom('asset_currency_config').selectAll().execute();
  return new Map(rows.map((r) => [r.currency_id, configOf(r)]));
}

export async function upsertConfig(db: Executor, c: CurrencyConfig, at: Date): Promise<void> {
  const values = {
    currency_id: c.currencyId,
    deposit_enabled: c.depositEnabled,
    withdraw_enabled: c.withdrawEnabled,
    withdraw_min: c.withdrawMin,
    withdraw_max: c.withdrawMax,
    withdraw_fee: c.withdrawFee,
    withdraw_daily_limit: c.withdrawDailyLimit,
    two_approval_threshold: c.twoApprovalThreshold,
    transfer_fee: c.transferFee,
    exchange_enabled: c.exchangeEnabled,
    exchange_spread: c.exchangeSpread,
    exchange_fee_rate: c.exchangeFeeRate,
    updated_at: at,
  };
  const { currency_id: _id, ...rest } = values;
  await db
    .insertInto('asset_currency_config')
    .values(values)
    .onConflict((oc) => oc.column('currency_id').doUpdateSet(rest))
    .execute();
}

export type DepositRow = Selectable<AssetDepositsTable>;
export type WithdrawalRow = Selectable<AssetWithdrawalsTable>;

export async function findWithdrawal(db: Executor, id: number): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('asset_withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDeposit(db: Executor, id: number): Promise<DepositRow | undefined> {
  return db.selectFrom('asset_deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sum of the user's withdrawals of a currency since `since` that were not refused. */
export async function withdrawnSince(
  db: Executor,
  userId: number,
  currencyId: number,
  since: Date,
): Promise<bigint> {
  const r = await db
    .selectFrom('asset_withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return BigInt(r.total);
}
