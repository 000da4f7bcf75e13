/**
 * Records: every journal line on the user's accounts, filterable, 10 a page; the deposit and
 * withdrawal lists, whose paged query also serves the transfer list.
 */
import { formatUnits } from '@bourse/money';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { ACCOUNT_TYPE_NAMES, type AccountType } from '@bourse/contract';
import { userJournalLines } from '../ledger';
import { currenciesByIds } from '../market';
import { depositView } from './deposits';
import { withdrawalView } from './withdrawals';
import { pageOf, pageWindow } from './paging';

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
  const lines = await userJournalLines(ctx.db, userId, {
    currencyId: f.currencyId,
    accountType: f.accountType,
    kind: f.kind,
    ...pageWindow(f.page, f.limit),
  });
  const currencies = await currenciesByIds(ctx.db, lines.map((l) => l.currencyId));
  return pageOf(lines, f.page, f.limit, (l) => {
    // Every account's currency exists (foreign key).
    const c = currencies.get(l.currencyId)!;
    return {
      id: l.id,
      entry_id: l.entryId,
      kind: l.kind,
      ref_type: l.refType,
      ref_id: l.refId,
      currency_id: l.currencyId,
      currency_name: c.name,
      sub_name: c.sub_name,
      account_type: l.accountType,
      account_name: ACCOUNT_TYPE_NAMES[l.accountType as AccountType] ?? String(l.accountType),
      amount: formatUnits(l.available + l.frozen, c.decimals),
      available: formatUnits(l.available, c.decimals),
      frozen: formatUnits(l.frozen, c.decimals),
      created_at: l.createdAt.toISOString(),
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
  // three (they share every column it names) and its rows cast back.
  let q = ctx.db.selectFrom(table as 'asset_deposits').selectAll().where('user_id', '=', userId);
  if (currencyId) q = q.where('currency_id', '=', currencyId);
  const found = await q
    .orderBy('id', 'desc')
    .limit(pageWindow(page, limit).limit)
    .offset(pageWindow(page, limit).offset)
    .execute();
  // Every row's currency exists (foreign key).
  const currencies = await currenciesByIds(ctx.db, found.map((r) => r.currency_id));
  const rows = found as unknown as Array<Selectable<DB[T]> & { currency_id: number }>;
  return pageOf(rows, page, limit, (r) => {
    const c = currencies.get(r.currency_id)!;
    return view(r, c.decimals, c.name, c.sub_name);
  });
}
