/** The console's Ledger page (totals, system accounts, reconciliation) and Journal page. */
import { formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { listCurrencies } from '../market';
import * as adminRepo from './admin-repo';
import { currencyTotals, reconcile } from './reconcile';

const label = (c: { name: string; sub_name: string }) => (c.sub_name ? `${c.name} (${c.sub_name})` : c.name);

/** The ledger page: totals per currency, system accounts, and the reconciliation result. */
export async function ledgerSummary(ctx: AppContext) {
  const [currencies, totals, system, check] = await Promise.all([
    listCurrencies(ctx.db),
    currencyTotals(ctx.db),
    adminRepo.systemAccounts(ctx.db),
    reconcile(ctx.db),
  ]);
  const byId = new Map(currencies.map((c) => [c.id, c]));
  return {
    currencies: totals.map((t) => {
      const c = byId.get(t.currencyId)!;
      const f = (v: bigint) => formatUnits(v, c.decimals);
      return {
        currency_id: c.id,
        name: c.name,
        sub_name: c.sub_name,
        decimals: c.decimals,
        users_available: f(t.usersAvailable),
        users_frozen: f(t.usersFrozen),
        system_total: f(t.systemTotal),
        total: f(t.total),
      };
    }),
    system_accounts: system.map((s) => {
      const c = byId.get(s.currency_id)!;
      return {
        account_id: s.account_id,
        system_code: s.system_code,
        currency_id: s.currency_id,
        currency_name: label(c),
        available: formatUnits(BigInt(s.available), c.decimals),
        frozen: formatUnits(BigInt(s.frozen), c.decimals),
        allow_negative: s.allow_negative,
      };
    }),
    reconciliation: { ...check, checked_at: ctx.clock.now().toISOString() },
  };
}

export async function ledgerEntries(ctx: AppContext, page: number, limit: number) {
  const [{ entries, postings, total }, currencies] = await Promise.all([adminRepo.listEntries(ctx.db, page, limit), listCurrencies(ctx.db)]);
  const byId = new Map(currencies.map((c) => [c.id, c]));
  const byEntry = new Map<string, typeof postings>();
  for (const p of postings) {
    const key = String(p.entry_id);
    byEntry.set(key, [...(byEntry.get(key) ?? []), p]);
  }
  return {
    items: entries.map((e) => ({
      id: String(e.id),
      kind: e.kind,
      ref_type: e.ref_type,
      ref_id: e.ref_id,
      idempotency_key: e.idempotency_key,
      memo: e.memo,
      created_at: e.created_at.toISOString(),
      postings: (byEntry.get(String(e.id)) ?? []).map((p) => {
        const c = byId.get(p.currency_id)!;
        return {
          account_id: p.account_id,
          owner: p.user_id !== null ? `user:${p.user_id}` : `system:${p.system_code ?? ''}`,
          account_type: p.account_type,
          currency_name: label(c),
          bucket: p.bucket === 1 ? ('available' as const) : ('frozen' as const),
          amount: formatUnits(BigInt(p.amount), c.decimals),
        };
      }),
    })),
    total,
  };
}
