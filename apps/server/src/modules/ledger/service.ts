import type { Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repo from './repo';
import { SYSTEM_ACCOUNTS, type EntryInput, type Leg, type PostResult } from './types';

type Trx = Transaction<DB>;

export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(`ledger: ${message}`);
    this.name = 'LedgerInvariantError';
  }
}

/**
 * Posts one double-entry journal entry and applies it to the balances, inside the caller's
 * transaction (so the business row and its money move commit or fail together).
 *
 * - Legs must sum to zero per currency (checked here and again by a deferred database trigger).
 * - Balances change through guarded updates in account-id order (no deadlocks between entries);
 *   a leg that would take a non-negative balance below zero fails the whole entry with
 *   `insufficient_balance` and changes nothing (the caller's transaction stays usable).
 * - All of it is one round trip: the `ledger_post` database function (migration 001).
 * - With an idempotency key, a repeated post changes nothing and reports `duplicate: true`.
 */
export async function post(trx: Trx, input: EntryInput, at: Date): Promise<PostResult> {
  if (!trx.isTransaction) throw new LedgerInvariantError('post() needs a transaction');
  if (input.legs.length < 2) throw new LedgerInvariantError('an entry needs at least two legs');
  for (const leg of input.legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) throw new LedgerInvariantError('leg amount must be a non-zero bigint');
  }

  const currencies = await repo.accountCurrencies(trx, [...new Set(input.legs.map((l) => l.accountId))]);
  const perCurrency = new Map<number, bigint>();
  for (const leg of input.legs) {
    const currencyId = currencies.get(leg.accountId);
    if (currencyId === undefined) throw new AppError('account_not_found');
    perCurrency.set(currencyId, (perCurrency.get(currencyId) ?? 0n) + leg.amount);
  }
  for (const [currencyId, sum] of perCurrency) {
    if (sum !== 0n) throw new LedgerInvariantError(`legs do not balance in currency ${currencyId}`);
  }

  const result = await repo.postEntry(
    trx,
    { ...input, at },
    input.legs.map((l) => ({ ...l, currencyId: currencies.get(l.accountId)! })),
  );
  if (result.status === 'refused') throw new AppError('insufficient_balance');
  return { entryId: result.entryId, duplicate: result.status === 'duplicate' };
}

type Meta = Omit<EntryInput, 'legs'>;

function positive(amount: bigint): void {
  if (amount <= 0n) throw new AppError('amount_not_positive');
}

/** available → available between two accounts of one currency. */
export function transfer(trx: Trx, from: number, to: number, amount: bigint, meta: Meta, at: Date) {
  positive(amount);
  if (from === to) throw new LedgerInvariantError('transfer to the same account');
  const legs: Leg[] = [
    { accountId: from, bucket: 'available', amount: -amount },
    { accountId: to, bucket: 'available', amount },
  ];
  return post(trx, { ...meta, legs }, at);
}

/** available → frozen within one account (an order, a withdrawal under review …). */
export function freeze(trx: Trx, account: number, amount: bigint, meta: Meta, at: Date) {
  positive(amount);
  return post(
    trx,
    {
      ...meta,
      legs: [
        { accountId: account, bucket: 'available', amount: -amount },
        { accountId: account, bucket: 'frozen', amount },
      ],
    },
    at,
  );
}

/** frozen → available within one account (cancel, refusal). */
export function unfreeze(trx: Trx, account: number, amount: bigint, meta: Meta, at: Date) {
  positive(amount);
  return post(
    trx,
    {
      ...meta,
      legs: [
        { accountId: account, bucket: 'frozen', amount: -amount },
        { accountId: account, bucket: 'available', amount },
      ],
    },
    at,
  );
}

/** frozen of one account → available of another (a fill, a completed withdrawal, a lost stake). */
export function settleFromFrozen(trx: Trx, from: number, to: number, amount: bigint, meta: Meta, at: Date) {
  positive(amount);
  if (from === to) throw new LedgerInvariantError('settle into the same account: use unfreeze');
  return post(
    trx,
    {
      ...meta,
      legs: [
        { accountId: from, bucket: 'frozen', amount: -amount },
        { accountId: to, bucket: 'available', amount },
      ],
    },
    at,
  );
}

/** The user's account of a currency and type, created on first use. */
export function userAccount(trx: Trx, userId: number, currencyId: number, accountType: number) {
  return repo.ensureUserAccount(trx, userId, currencyId, accountType);
}

/** A system account of a currency, created on first use with its declared sign rule. */
export function systemAccount(trx: Trx, code: string, currencyId: number) {
  const known = (SYSTEM_ACCOUNTS as Record<string, { allowNegative: boolean } | undefined>)[code];
  return repo.ensureSystemAccount(trx, code, currencyId, known?.allowNegative ?? false);
}
