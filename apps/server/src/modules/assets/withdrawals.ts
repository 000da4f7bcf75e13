/**
 * Withdrawals. Statuses: review (the request, "apply", freezes the amount) → approved (one
 * operator; two different operators at or above the currency's threshold) → sent (transaction
 * hash; by a signer or an operator) → completed (frozen amount settled to external + fees), or
 * rejected with a reason (unfrozen) from review or approved. Every transition is guarded in SQL.
 * This file is the user's request and the view; the review and payout steps are in
 * withdrawal-review.ts (exported here too, so callers name one file).
 */
import { Dec, formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { consumeCode, findBookAddress, ownTarget } from '../identity';
import { accountBalance, findUserAccountId, ledger, lockAccount } from '../ledger';
import { findCurrency } from '../market';
import { WITHDRAW_ACCOUNT_TYPE } from './accounts';
import { parseAmount } from './amounts';
import { BANK_NETWORK, bankDestination, maskBankAddress, type CardKind } from './bank';
import { offerOf } from './offer';
import { usdtPrice } from './pricing';
import * as repo from './repo';
import { z } from 'zod';
import { getSetting } from '../platform';

export {
  approveWithdrawal,
  completeWithdrawal,
  listApprovedWithdrawals,
  markWithdrawalSent,
  rejectWithdrawal,
} from './withdrawal-review';

export async function withdrawCodeRequired(ctx: AppContext): Promise<boolean> {
  // Anything but an explicit false keeps the code required.
  return (await getSetting(ctx.db, 'withdraw_code_required', z.unknown(), true)) !== false;
}

function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export interface WithdrawInput {
  currencyId: number;
  amount: string | undefined;
  addressId?: number;
  address?: string;
  code?: string;
  codeChannel?: 'email' | 'sms';
  /** Bank-card channel (fiat currencies): which bound card receives the payout (default domestic). */
  card?: CardKind;
  idempotencyKey?: string;
}

// Same-key requests racing in this process share one promise (the database unique key covers other processes).
const inFlight = new Map<string, Promise<ReturnType<typeof withdrawalView>>>();

/** POST /wallet/out and /user/withdraw. */
export function requestWithdrawal(ctx: AppContext, userId: number, input: WithdrawInput) {
  const key = input.idempotencyKey ? `${userId}:${input.idempotencyKey}` : null;
  if (key) {
    const running = inFlight.get(key);
    if (running) return running;
  }
  const p = doRequest(ctx, userId, input);
  if (key) {
    inFlight.set(key, p);
    void p.then(
      () => inFlight.delete(key),
      () => inFlight.delete(key),
    );
  }
  return p;
}

async function byKey(ctx: AppContext, userId: number, key: string | undefined) {
  if (!key) return undefined;
  return ctx.db
    .selectFrom('asset_withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * The request without the in-process coalescing: what another API process does with the same key.
 * The account lock, the re-read of the key under it and the unique index keep it to one withdrawal.
 */
export async function doRequest(ctx: AppContext, userId: number, input: WithdrawInput) {
  const currency = await findCurrency(ctx.db, input.currencyId);
  if (!currency) throw new AppError('currency_not_found');
  const earlier = await byKey(ctx, userId, input.idempotencyKey);
  if (earlier) return withdrawalView(earlier, currency.decimals, currency.name, currency.sub_name);
  if (currency.status !== 1) throw new AppError('currency_disabled');
  const cfg = await repo.currencyConfig(ctx.db, currency.id);
  if (!cfg.withdrawEnabled) throw new AppError('withdraw_disabled');
  // Only a coin offered for withdrawal: with a network to pay out on, or the bank channel set.
  if (!(await offerOf(ctx, currency)).withdraw) throw new AppError('withdraw_disabled');
  const amount = parseAmount(input.amount, currency.decimals, 'withdraw_amount_required');

  // The destination: the user's bound bank card for the bank-card channel, else an approved
  // entry of the user's address book for this coin's network.
  let dest: { addressId: number | null; address: string; network: string };
  if (currency.is_fiat) {
    dest = { addressId: null, ...(await bankDestination(ctx.db, userId, input.card ?? 'domestic')) };
  } else {
    const book = input.addressId
      ? await findBookAddress(ctx.db, userId, { id: input.addressId })
      : input.address?.trim()
        ? await findBookAddress(ctx.db, userId, { address: input.address.trim() })
        : undefined;
    // The entry must be for this coin's network (the book labels them "USDT-ERC20", "ETH", …).
    const network = currency.sub_name ? `${currency.name}-${currency.sub_name}` : currency.name;
    if (!book || book.currency.toUpperCase() !== network.toUpperCase())
      throw new AppError('withdraw_address_required');
    if (book.approve_status !== 1) throw new AppError('withdraw_address_unapproved');
    dest = { addressId: book.id, address: book.address, network: book.currency };
  }

  const max = cfg.withdrawMax;
  if (amount < cfg.withdrawMin || (max > 0n && amount > max)) {
    throw new AppError('amount_out_of_range', {
      min: formatUnits(cfg.withdrawMin, currency.decimals),
      max: max > 0n ? formatUnits(max, currency.decimals) : '∞',
    });
  }
  if (amount <= cfg.withdrawFee)
    throw new AppError('withdraw_amount_below_fee', { fee: formatUnits(cfg.withdrawFee, currency.decimals) });

  // Early answer so a code is not spent on a request that cannot pass; the freeze below is the real check.
  const accountId = await findUserAccountId(ctx.db, userId, currency.id, WITHDRAW_ACCOUNT_TYPE);
  const held = accountId === null ? 0n : (await accountBalance(ctx.db, accountId)).available;
  if (held < amount) throw new AppError('insufficient_balance');

  if (await withdrawCodeRequired(ctx)) {
    const target = await ownTarget(ctx, userId, input.codeChannel ?? 'email');
    try {
      await consumeCode(ctx, { target: target.target, scene: 'withdraw', code: (input.code ?? '').trim() });
    } catch (err) {
      // A retry of a request that already went through (its code is spent) gets that request.
      const done = await byKey(ctx, userId, input.idempotencyKey);
      if (done) return withdrawalView(done, currency.decimals, currency.name, currency.sub_name);
      throw err;
    }
  }

  const now = ctx.clock.now();
  const price = await usdtPrice(ctx, currency, now, false);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const account = await ledger.userAccount(trx, userId, currency.id, WITHDRAW_ACCOUNT_TYPE);
    await lockAccount(trx, account);
    if (input.idempotencyKey) {
      const again = await trx
        .selectFrom('asset_withdrawals')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirst();
      if (again) return again;
    }
    if (cfg.withdrawDailyLimit > 0n) {
      const used = await repo.withdrawnSince(trx, userId, currency.id, startOfUtcDay(now));
      if (used + amount > cfg.withdrawDailyLimit) {
        throw new AppError('withdraw_daily_limit', {
          limit: formatUnits(cfg.withdrawDailyLimit, currency.decimals),
        });
      }
    }
    const w = await trx
      .insertInto('asset_withdrawals')
      .values({
        user_id: userId,
        currency_id: currency.id,
        account_type: WITHDRAW_ACCOUNT_TYPE,
        address_id: dest.addressId,
        address: dest.address,
        network: dest.network,
        amount,
        fee: cfg.withdrawFee,
        receive: amount - cfg.withdrawFee,
        rate: price ? price.price.toString() : null,
        fiat: price ? 'USDT' : null,
        status: 'review',
        needs_two: cfg.twoApprovalThreshold > 0n && amount >= cfg.twoApprovalThreshold,
        idempotency_key: input.idempotencyKey ?? null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ledger.freeze(
      trx,
      account,
      amount,
      {
        kind: 'withdraw_freeze',
        refType: 'asset_withdrawal',
        refId: String(w.id),
        idempotencyKey: `assets:withdrawal:${w.id}:freeze`,
      },
      now,
    );
    return w;
  });
  ctx.realtime.publish(`user:${userId}`, 'withdrawal', { id: row.id, status: row.status });
  return withdrawalView(row, currency.decimals, currency.name, currency.sub_name);
}

export function withdrawalView(r: repo.WithdrawalRow, decimals: number, name: string, subName: string) {
  return {
    id: r.id,
    currency_id: r.currency_id,
    currency_name: name,
    sub_name: subName,
    address: r.network === BANK_NETWORK ? maskBankAddress(r.address) : r.address,
    network: r.network,
    amount: formatUnits(BigInt(r.amount), decimals),
    fee: formatUnits(BigInt(r.fee), decimals),
    receive: formatUnits(BigInt(r.receive), decimals),
    rate: r.rate === null ? null : new Dec(r.rate).toString(),
    rate_currency: r.fiat,
    status: r.status,
    needs_two: r.needs_two,
    approvals: (r.approver1_id ? 1 : 0) + (r.approver2_id ? 1 : 0),
    reason: r.reason,
    tx_hash: r.tx_hash,
    created_at: r.created_at.toISOString(),
    reviewed_at: r.reviewed_at?.toISOString() ?? null,
    sent_at: r.sent_at?.toISOString() ?? null,
    completed_at: r.completed_at?.toISOString() ?? null,
  };
}
