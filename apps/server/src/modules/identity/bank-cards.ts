import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { mask } from './validation';

export interface DomesticCard {
  real_name: string;
  bank_name: string;
  bank_branch: string;
  bank_account: string;
}

export interface InternationalCard {
  account_name: string;
  bank_name: string;
  swift: string;
  iban: string;
  bank_address: string;
  country: string;
}

export function checkDomestic(c: DomesticCard): DomesticCard {
  const account = c.bank_account.replace(/\s/g, '');
  if (!/^\d{8,30}$/.test(account) || c.real_name.trim().length < 2 || c.bank_name.trim().length < 2) throw new AppError('bank_card_invalid');
  return { real_name: c.real_name.trim(), bank_name: c.bank_name.trim(), bank_branch: c.bank_branch.trim(), bank_account: account };
}

export function checkInternational(c: InternationalCard): InternationalCard {
  const iban = c.iban.replace(/\s/g, '').toUpperCase();
  const swift = c.swift.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z0-9]{8,34}$/.test(iban) || !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swift) || c.account_name.trim().length < 2) {
    throw new AppError('bank_card_invalid');
  }
  return {
    account_name: c.account_name.trim(),
    bank_name: c.bank_name.trim(),
    swift,
    iban,
    bank_address: c.bank_address.trim(),
    country: c.country.trim(),
  };
}

type Kind = 'domestic' | 'international';

export async function saveCard(ctx: AppContext, userId: number, kind: 'domestic', fields: DomesticCard): Promise<DomesticCardView | null>;
export async function saveCard(ctx: AppContext, userId: number, kind: 'international', fields: InternationalCard): Promise<InternationalCardView | null>;
export async function saveCard(ctx: AppContext, userId: number, kind: Kind, fields: DomesticCard | InternationalCard) {
  const at = ctx.clock.now();
  const json = JSON.stringify(fields);
  await ctx.db
    .insertInto('bank_cards')
    .values({ user_id: userId, kind, fields: json, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ fields: json, updated_at: at }))
    .execute();
  return kind === 'domestic' ? cardInfo(ctx, userId, kind) : cardInfo(ctx, userId, kind);
}

/** A bound card as its owner sees it: the number masked, never returned in full. */
export type DomesticCardView = Omit<DomesticCard, 'bank_account'> & { bank_account: string | null; updated_at: string };
export type InternationalCardView = Omit<InternationalCard, 'iban'> & { iban: string | null; updated_at: string };

/** The caller's card with the number masked (never returned in full). */
export async function cardInfo(ctx: AppContext, userId: number, kind: 'domestic'): Promise<DomesticCardView | null>;
export async function cardInfo(ctx: AppContext, userId: number, kind: 'international'): Promise<InternationalCardView | null>;
export async function cardInfo(ctx: AppContext, userId: number, kind: Kind): Promise<DomesticCardView | InternationalCardView | null> {
  const row = await ctx.db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  if (!row) return null;
  const updated_at = row.updated_at.toISOString();
  if (kind === 'domestic') {
    const f = row.fields as DomesticCard;
    return { ...f, bank_account: mask(f.bank_account ?? '', 4, 4), updated_at };
  }
  const f = row.fields as InternationalCard;
  return { ...f, iban: mask(f.iban ?? '', 4, 4), updated_at };
}
