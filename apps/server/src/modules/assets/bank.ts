/**
 * The bank-card channel (currencies marked fiat, e.g. BANKCARD): deposits are paid by bank
 * transfer to the platform's receiving account (operator setting `bank_channel`) and confirmed by
 * an operator from the uploaded proof; withdrawals are paid to the user's own bound bank card
 * (identity's `bank_cards`, domestic or international) instead of an address from the book.
 * The channel is offered as "Bank transfer (<currency>)": amounts are in the fiat currency the
 * receiving account holds (setting field `currency`, USD unless set), never in "BANKCARD".
 */
import { DEFAULT_BANK_CURRENCY, bankChannelFieldsSchema, type FiatCode } from '@bourse/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import { boundCardFields } from '../identity';
import { getSetting, putSetting } from '../platform';

export const BANK_NETWORK = 'BANKCARD';
const KEY = 'bank_channel';

/** The stored setting: read with the console form's schema, so every field defaults. */
export type BankChannel = z.infer<typeof bankChannelFieldsSchema>;

/** The receiving account users pay into, or null while operators have not set one. */
export async function bankChannel(db: Database): Promise<BankChannel | null> {
  const channel = await getSetting(db, KEY, bankChannelFieldsSchema.nullable(), null);
  return channel?.account_number ? channel : null;
}

/** The fiat currency of the channel (also while the channel is off, for naming past balances). */
export async function bankChannelCurrency(db: Database): Promise<FiatCode> {
  return (await getSetting(db, KEY, bankChannelFieldsSchema.nullable(), null))?.currency ?? DEFAULT_BANK_CURRENCY;
}

export async function saveBankChannel(ctx: AppContext, input: BankChannel) {
  const before = await bankChannel(ctx.db);
  if (input.account_number && (!input.bank_name || !input.account_name))
    throw new AppError('field_invalid', { field: input.bank_name ? 'account_name' : 'bank_name' });
  await putSetting(ctx.db, KEY, input, ctx.clock.now());
  return { before, after: await bankChannel(ctx.db) };
}

/** DEMO DATA: a receiving account that is plainly not real, only when none is set. */
export async function seedDemoBankChannel(ctx: AppContext): Promise<void> {
  if (await bankChannel(ctx.db)) return;
  await saveBankChannel(ctx, {
    currency: DEFAULT_BANK_CURRENCY,
    bank_name: 'Demo Bank (DEMO DATA)',
    account_name: 'Bourse Demo Ltd',
    account_number: '6222000000000000',
    branch: 'Demo branch',
    swift: '',
    note: 'Demo data: do not send real money.',
  });
}

export type CardKind = 'domestic' | 'international';

/**
 * The user's bound card as a withdrawal destination: `address` is what operators pay to
 * (bank · holder · full number), `masked` what the user is shown. Refuses when no card is bound.
 */
export async function bankDestination(
  db: Database,
  userId: number,
  kind: CardKind,
): Promise<{ address: string; network: string }> {
  const f = await boundCardFields(db, userId, kind);
  if (!f) throw new AppError('withdraw_card_required');
  const parts =
    kind === 'domestic'
      ? [f.bank_name, f.bank_branch, f.real_name, f.bank_account]
      : [f.bank_name, f.swift, f.account_name, f.iban];
  const number = kind === 'domestic' ? f.bank_account : f.iban;
  if (!number) throw new AppError('withdraw_card_required');
  return { address: parts.filter((p) => p && p.trim()).join(' · '), network: BANK_NETWORK };
}

/** A bank destination as the user sees it: the account number (last part) masked to its first and last 4. */
export function maskBankAddress(address: string): string {
  const parts = address.split(' · ');
  const last = parts.pop() ?? '';
  const masked = last.length > 8 ? `${last.slice(0, 4)}****${last.slice(-4)}` : last;
  return [...parts, masked].join(' · ');
}
