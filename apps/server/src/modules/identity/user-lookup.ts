/**
 * Reads of identity's rows for other modules: users' contact and demo flag (batched by id), a
 * user's address-book entry and bound bank card (the asset centre's payout destinations).
 */
import type { Database } from '../../db/database';

export interface UserContact {
  id: number;
  email: string | null;
  mobile: string | null;
  isDemo: boolean;
}

/** The users among `ids`, by id (one query; unknown ids are left out). */
export async function usersByIds(db: Database, ids: readonly number[]): Promise<Map<number, UserContact>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email', 'mobile', 'is_demo']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, email: r.email, mobile: r.mobile, isDemo: r.is_demo }]));
}

export interface BookAddress {
  id: number;
  address: string;
  /** The network label of the entry ("USDT-ERC20", "ETH", …). */
  currency: string;
  /** 1 approved; 0 waiting for an operator. */
  approve_status: number;
}

/** One of the user's address-book entries, by its id or else by its exact address. */
export async function findBookAddress(
  db: Database,
  userId: number,
  by: { id: number } | { address: string },
): Promise<BookAddress | undefined> {
  let q = db.selectFrom('address_book').select(['id', 'address', 'currency', 'approve_status']).where('user_id', '=', userId);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('address', '=', by.address);
  return q.executeTakeFirst();
}

/** The raw fields of the user's bound card of `kind` (unmasked: for paying out), or undefined. */
export async function boundCardFields(
  db: Database,
  userId: number,
  kind: 'domestic' | 'international',
): Promise<Record<string, string | undefined> | undefined> {
  const row = await db.selectFrom('bank_cards').select('fields').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return row ? (row.fields as Record<string, string | undefined>) : undefined;
}
