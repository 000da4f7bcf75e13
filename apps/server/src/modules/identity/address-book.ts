import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { getSetting } from '../platform';
import { z } from 'zod';

/** Address formats by network: EVM (ERC20/ETH), TRON (TRC20), Bitcoin; a generic check otherwise. */
export function validAddress(currency: string, address: string): boolean {
  const c = currency.toUpperCase();
  if (/ERC20|ETH|EVM|BEP20/.test(c)) return /^0x[0-9a-fA-F]{40}$/.test(address);
  if (/TRC20|TRX/.test(c)) return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address);
  if (c === 'BTC') return /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/.test(address);
  return /^[A-Za-z0-9:_-]{16,128}$/.test(address);
}

export async function addressApprovalOn(ctx: AppContext): Promise<boolean> {
  return getSetting(ctx.db, 'address_approval', z.boolean(), false);
}

function view(r: { id: number; currency: string; name: string; address: string; type: string; approve_status: number; created_at: Date }) {
  return { id: r.id, currency: r.currency, name: r.name, address: r.address, type: r.type, approve_status: r.approve_status, created_at: r.created_at.toISOString() };
}

/** POST /user/wallet/save. With operator approval switched on, new addresses wait (approve_status 0). */
export async function saveAddress(ctx: AppContext, userId: number, input: { currency: string; name: string; address: string; type?: string }) {
  const address = input.address.trim();
  const currency = input.currency.trim();
  if (!validAddress(currency, address)) throw new AppError('address_invalid');
  const count = await ctx.db.selectFrom('address_book').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count.n) >= 50) throw new AppError('field_too_large', { field: 'address', max: 50 });
  const approve = (await addressApprovalOn(ctx)) ? 0 : 1;
  try {
    const row = await ctx.db
      .insertInto('address_book')
      .values({ user_id: userId, currency, name: input.name.trim(), address, type: input.type?.trim() ?? '', approve_status: approve, created_at: ctx.clock.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return view(row);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError('address_exists');
    throw err;
  }
}

/** GET /user/wallet/list {page, limit}: only the caller's addresses. */
export async function listAddresses(ctx: AppContext, userId: number, page: number, limit: number, currency?: string) {
  let q = ctx.db.selectFrom('address_book').where('user_id', '=', userId);
  if (currency) q = q.where('currency', '=', currency);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(view), total: Number(total.n), page, limit };
}

export async function deleteAddress(ctx: AppContext, userId: number, id: number) {
  const res = await ctx.db.deleteFrom('address_book').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
  if (!res) throw notFound();
  return null;
}
