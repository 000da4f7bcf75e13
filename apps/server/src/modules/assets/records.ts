/**
 * Records: every journal line on the user's accounts, filterable, 10 a page; the deposit and
 * withdrawal lists, whose paged query also serves the transfer list.
 */
import { formatUnits } from '@bourse/money';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { CurrencyRow, DB } from '../../db/schema';
import { ACCOUNT_TYPE_NAMES, type AccountType } from '@bourse/contract';
import { depositView } from './deposits';
import { withdrawalView } from './withdrawals';
import { pageOf, pageWindow } from './paging';

export const PAGE_SIZE = 10;

export interface RecordFilter {
  currencyId?: number;
  accountType?: AccountType;
  kind?: string;
  page: number;
  limit: number;
}

/**
 * POST /wallet/legal_log, GET /record/getRecordList: one line per action on each of the user's
 * accounts, i.e. per journal entry and account, not per posting. A freeze (withdrawal request,
 * order, contract stake) moves an amount from available to frozen inside one account: it is one
 * line with `amount` 0 (the account's total did not change), `available` −x and `frozen` +x, not
 * two lines of −x and +x. `amount` is the change of the account's total (available + frozen).
 * Newest first; `has_more` false is the "no more data" end.
 */
export async function journalLines(ctx: AppContext, userId: number, f: RecordFilter) {
  let q = ctx.db
    .selectFrom('postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .select((eb) => [
      eb.fn.min('p.id').as('id'),
      'p.entry_id',
      'a.account_type',
      'a.currency_id',
      'c.name',
      'c.sub_name',
      'c.decimals',
      'e.kind',
      'e.ref_type',
      'e.ref_id',
      'e.created_at',
      sql<string>`coalesce(sum(p.amount) filter (where p.bucket = 1), 0)`.as('available'),
      sql<string>`coalesce(sum(p.amount) filter (where p.bucket <> 1), 0)`.as('frozen'),
    ])
    .where('a.user_id', '=', userId);
  if (f.currencyId) q = q.where('a.currency_id', '=', f.currencyId);
  if (f.accountType) q = q.where('a.account_type', '=', f.accountType);
  if (f.kind) q = q.where('e.kind', '=', f.kind);
  const rows = await q
    .groupBy([
      'p.entry_id',
      'p.account_id',
      'a.account_type',
      'a.currency_id',
      'c.name',
      'c.sub_name',
      'c.decimals',
      'e.kind',
      'e.ref_type',
      'e.ref_id',
      'e.created_at',
    ])
    .orderBy('p.entry_id', 'desc')
    .orderBy((eb) => eb.fn.min('p.id'), 'desc')
    .limit(pageWindow(f.page, f.limit).limit)
    .offset(pageWindow(f.page, f.limit).offset)
    .execute();
  return pageOf(rows, f.page, f.limit, (r) => {
    const available = BigInt(r.available);
    const frozen = BigInt(r.frozen);
    return {
      id: String(r.id),
      entry_id: r.entry_id,
      kind: r.kind,
      ref_type: r.ref_type,
      ref_id: r.ref_id,
      currency_id: r.currency_id,
      currency_name: r.name,
      sub_name: r.sub_name,
      account_type: r.account_type,
      account_name: ACCOUNT_TYPE_NAMES[r.account_type as AccountType] ?? String(r.account_type),
      amount: formatUnits(available + frozen, r.decimals),
      available: formatUnits(available, r.decimals),
      frozen: formatUnits(frozen, r.decimals),
      created_at: r.created_at.toISOString(),
    };
  });
}

/** GET /recharge/log: the user's deposits (all sources), newest first. */
export async function depositList(
  ctx: AppContext,
  userId: number,
  page: number,
  limit: number,
  currencyId?: number,
) {
  return ownRowsPage(ctx, 'asset_deposits', userId, page, limit, currencyId, depositView);
}

/** GET /user/withdraw/list: the user's withdrawals with status, reason and hash, newest first. */
export async function withdrawalList(
  ctx: AppContext,
  userId: number,
  page: number,
  limit: number,
  currencyId?: number,
) {
  return ownRowsPage(ctx, 'asset_withdrawals', userId, page, limit, currencyId, withdrawalView);
}

/** The user-owned asset tables of one currency a row: each has `id`, `user_id` and `currency_id`. */
type OwnCurrencyTable = 'asset_deposits' | 'asset_withdrawals' | 'asset_transfers';

/**
 * One page of the user's rows of `table` (of one currency when `currencyId` is given), newest
 * first, each passed to `view` with its currency's decimals and names.
 */
export async function ownRowsPage<T extends OwnCurrencyTable, V>(
  ctx: AppContext,
  table: T,
  userId: number,
  page: number,
  limit: number,
  currencyId: number | undefined,
  view: (row: Selectable<DB[T]>, decimals: number, name: string, subName: string) => V,
) {
  // Kysely cannot type a query over a table chosen at run time: it is typed against one of the
  // three (they share every column it names) and its rows, all of `r` plus the currency's, cast back.
  let q = ctx.db
    .selectFrom(`${table} as r` as 'asset_deposits as r')
    .innerJoin('currencies as c', 'c.id', 'r.currency_id')
    .selectAll('r')
    .select(['c.name', 'c.sub_name', 'c.decimals'])
    .where('r.user_id', '=', userId);
  if (currencyId) q = q.where('r.currency_id', '=', currencyId);
  const rows = (await q
    .orderBy('r.id', 'desc')
    .limit(pageWindow(page, limit).limit)
    .offset(pageWindow(page, limit).offset)
    .execute()) as unknown as Array<Selectable<DB[T]> & Pick<CurrencyRow, 'name' | 'sub_name' | 'decimals'>>;
  return pageOf(rows, page, limit, (r) => view(r, r.decimals, r.name, r.sub_name));
}
