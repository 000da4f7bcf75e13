/** Console: what the platform owes per currency (user available + frozen) against the system accounts. */
import { formatUnits } from '@bourse/money';
import { sql } from 'kysely';
import type { AppContext } from '../../context';

export async function liabilities(ctx: AppContext) {
  const users = await sql<{ currency_id: number; available: string; frozen: string; holders: string }>`
    select currency_id, sum(available) as available, sum(frozen) as frozen,
           count(*) filter (where available + frozen <> 0) as holders
      from accounts where user_id is not null group by currency_id`.execute(ctx.db);
  const system = await sql<{ currency_id: number; system_code: string; balance: string }>`
    select currency_id, system_code, available + frozen as balance
      from accounts where system_code is not null order by system_code`.execute(ctx.db);
  const pending = await sql<{ currency_id: number; amount: string; n: string }>`
    select currency_id, sum(amount) as amount, count(*) as n from asset_withdrawals
     where status in ('review', 'approved', 'sent') group by currency_id`.execute(ctx.db);
  const currencies = await ctx.db
    .selectFrom('currencies')
    .select(['id', 'name', 'sub_name', 'decimals'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return currencies.map((c) => {
    const u = users.rows.find((r) => r.currency_id === c.id);
    const p = pending.rows.find((r) => r.currency_id === c.id);
    const sys = system.rows.filter((r) => r.currency_id === c.id);
    const owed = BigInt(u?.available ?? 0) + BigInt(u?.frozen ?? 0);
    const systemSum = sys.reduce((s, r) => s + BigInt(r.balance), 0n);
    return {
      currency_id: c.id,
      name: c.name,
      sub_name: c.sub_name,
      users_available: formatUnits(BigInt(u?.available ?? 0), c.decimals),
      users_frozen: formatUnits(BigInt(u?.frozen ?? 0), c.decimals),
      users_total: formatUnits(owed, c.decimals),
      holders: Number(u?.holders ?? 0),
      pending_withdrawals: formatUnits(BigInt(p?.amount ?? 0), c.decimals),
      pending_withdrawal_count: Number(p?.n ?? 0),
      system: sys.map((r) => ({ code: r.system_code, balance: formatUnits(BigInt(r.balance), c.decimals) })),
      // Books balance: users + system accounts sum to zero per currency (the external/demo/house sources are negative).
      balanced: owed + systemSum === 0n,
    };
  });
}
