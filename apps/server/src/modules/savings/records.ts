/** The savings records and figures: a user's subscriptions and income, the centre's figures, profit statistics. */
import { formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { savingsClock } from './clock';
import * as repo from './repo';
import * as recordsRepo from './records-repo';
import type { Kind, Subscription } from './repo';
import { dayOf, dayStart } from './rules';
import { currencyMap, currencyOf, orderView, productName } from './views';

export async function listOrders(
  ctx: AppContext,
  userId: number | undefined,
  f: { status?: Subscription['status']; kind?: Kind; productId?: number; page: number; limit: number; lang: string },
) {
  const { total, rows } = await repo.listSubscriptions(ctx.db, { ...f, userId });
  const cur = await currencyMap(ctx);
  const products = new Map((await repo.listProducts(ctx.db)).map((p) => [p.id, p]));
  return {
    total,
    page: f.page,
    limit: f.limit,
    list: rows.map((s) => ({ ...orderView(s, products.get(s.productId)!, currencyOf(cur, s.currencyId), f.lang), user_id: s.userId })),
  };
}

export async function listIncomeRecords(ctx: AppContext, userId: number, f: { subscriptionId?: string; page: number; limit: number; lang: string }) {
  const { total, rows } = await recordsRepo.listIncomes(ctx.db, { userId, ...f });
  const cur = await currencyMap(ctx);
  const products = new Map((await repo.listProducts(ctx.db)).map((p) => [p.id, p]));
  return {
    total,
    page: f.page,
    limit: f.limit,
    list: rows.map((r) => {
      const p = products.get(r.productId)!;
      const c = currencyOf(cur, p.currencyId);
      return {
        subscription_id: r.subscriptionId,
        product_id: p.id,
        kind: p.kind,
        name: productName(p, f.lang),
        currency: c.name,
        date: dayStart(r.day).toISOString().slice(0, 10),
        rate: r.rate,
        amount: formatUnits(r.amount, c.decimals),
        paid_at: r.createdAt.toISOString(),
      };
    }),
  };
}

/** The savings centre's figures: the platform's (everyone) and, when signed in, the user's. */
export async function centreFigures(ctx: AppContext, userId: number | null) {
  const cur = await currencyMap(ctx);
  const plat = await recordsRepo.platformFigures(ctx.db);
  const platform = {
    total_output: plat.output.map((r) => ({ currency: currencyOf(cur, r.currency_id).name, currency_id: r.currency_id, amount: formatUnits(BigInt(r.total), currencyOf(cur, r.currency_id).decimals) })),
    participants: plat.participants,
    // A "node" is one active subscription: the figure is counted, never configured.
    valid_nodes: plat.activeSubscriptions,
  };
  if (userId === null) return { platform, user: null };
  const yesterday = dayOf(savingsClock(ctx).now()) - 1;
  const u = await recordsRepo.userFigures(ctx.db, userId, yesterday);
  const ids = new Set([...u.saving.map((r) => r.currency_id), ...u.income.map((r) => r.currency_id)]);
  const user = [...ids].map((id) => {
    const c = currencyOf(cur, id);
    const s = u.saving.find((r) => r.currency_id === id);
    const i = u.income.find((r) => r.currency_id === id);
    return {
      currency_id: id,
      currency: c.name,
      saving: formatUnits(BigInt(s?.saving ?? '0'), c.decimals),
      orders: Number(s?.n ?? 0),
      accumulated_income: formatUnits(BigInt(i?.total ?? '0'), c.decimals),
      yesterday_income: formatUnits(BigInt(i?.yesterday ?? '0'), c.decimals),
    };
  });
  return { platform, user };
}

/** Days of income the profit statistics chart (and its 7/30-day sums) covers. */
export const PROFIT_DAYS = 30;

/**
 * Profit statistics of a user, per currency: all income, yesterday's, the last 7 and 30 UTC days,
 * per family, penalties paid, lease fees paid (prepaid machine leases, never returned, so the
 * output can be read against them), and one figure per day of the last 30 (zero when nothing was paid).
 * "Yesterday" is the last complete UTC day on the savings engine's clock, as in the centre.
 */
export async function profitStats(ctx: AppContext, userId: number) {
  const cur = await currencyMap(ctx);
  const today = dayOf(savingsClock(ctx).now());
  const from = today - PROFIT_DAYS;
  const r = await recordsRepo.userProfit(ctx.db, userId, from);
  const ids = [...new Set([...r.byKind, ...r.penalties, ...r.leaseFees].map((x) => x.currency_id))].sort((a, b) => a - b);
  return ids.map((id) => {
    const c = currencyOf(cur, id);
    const f = (v: bigint) => formatUnits(v, c.decimals);
    const days = new Map(r.daily.filter((x) => x.currency_id === id).map((x) => [x.day, BigInt(x.total)]));
    const sumFrom = (first: number) => [...days].reduce((a, [d, v]) => (d >= first ? a + v : a), 0n);
    const kinds = r.byKind.filter((x) => x.currency_id === id);
    const pen = r.penalties.find((x) => x.currency_id === id);
    return {
      currency_id: id,
      currency: c.name,
      decimals: c.decimals,
      total: f(kinds.reduce((a, x) => a + BigInt(x.total), 0n)),
      payments: kinds.reduce((a, x) => a + Number(x.n), 0),
      yesterday: f(days.get(today - 1) ?? 0n),
      last_7_days: f(sumFrom(today - 7)),
      last_30_days: f(sumFrom(today - PROFIT_DAYS)),
      by_kind: repo.KINDS.map((k) => ({ kind: k, total: f(BigInt(kinds.find((x) => x.kind === k)?.total ?? '0')) })),
      penalties: f(BigInt(pen?.penalty ?? '0')),
      forfeited: f(BigInt(pen?.forfeited ?? '0')),
      lease_fees: f(BigInt(r.leaseFees.find((x) => x.currency_id === id)?.fees ?? '0')),
      daily: Array.from({ length: PROFIT_DAYS }, (_, k) => {
        const d = today - PROFIT_DAYS + k;
        return { date: dayStart(d).toISOString().slice(0, 10), amount: f(days.get(d) ?? 0n) };
      }),
    };
  });
}
