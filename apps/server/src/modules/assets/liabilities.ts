/** Console: what the platform owes per currency (user available + frozen) against the system accounts. */
import { formatUnits } from '@bourse/money';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { liabilityBalances } from '../ledger';
import { listCurrencies } from '../market';

export async function liabilities(ctx: AppContext) {
  const { users, system } = await liabilityBalances(ctx.db);
  const pending = await sql<{ currency_id: number; amount: string; n: string }>`
    select currency_id, sum(amount) as amount, count(*) as n from asset_withdrawals
     where status in ('review', 'approved', 'sent') group by currency_id`.execute(ctx.db);
  const currencies = await listCurrencies(ctx.db);
  return currencies.map((c) => {
    const u = users.find((r) => r.currencyId === c.id);
    const p = pending.rows.find((r) => r.currency_id === c.id);
    const sys = system.filter((r) => r.currencyId === c.id);
    const owed = (u?.available ?? 0n) + (u?.frozen ?? 0n);
    const systemSum = sys.reduce((s, r) => s + r.balance, 0n);
    return {
      currency_id: c.id,
      name: c.name,
      sub_name: c.sub_name,
      users_available: formatUnits(u?.available ?? 0n, c.decimals),
      users_frozen: formatUnits(u?.frozen ?? 0n, c.decimals),
      users_total: formatUnits(owed, c.decimals),
      holders: u?.holders ?? 0,
      pending_withdrawals: formatUnits(BigInt(p?.amount ?? 0), c.decimals),
      pending_withdrawal_count: Number(p?.n ?? 0),
      system: sys.map((r) => ({ code: r.systemCode, balance: formatUnits(r.balance, c.decimals) })),
      // Books balance: users + system accounts sum to zero per currency (the external/demo/house sources are negative).
      balanced: owed + systemSum === 0n,
    };
  });
}
