/**
 * Demo data (DEMO_DATA only; idempotent): one product of each family in USDT (ERC20), all
 * flagged is_demo, and a yield pool funded from the `demo` system account through the journal.
 * Rates are modest and the machine product's output varies by the published draw rule; the
 * machine lease is a prepaid fee (refundPrincipal false, products.md §7: nothing is refunded).
 */
import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { ledger } from '../ledger';
import { listCurrencies } from '../market';
import { insertProduct, type ProductInput } from './repo';

const DAY = 86_400_000;

function names(en: string, zh: string, hk: string): Record<string, string> {
  return { en: `${en} (demo)`, zh: `${zh}（演示）`, hk: `${hk}（演示）` };
}

export async function seedSavingsDemo(ctx: AppContext): Promise<void> {
  const usdt = (await listCurrencies(ctx.db)).find((c) => c.name === 'USDT' && c.sub_name === 'ERC20');
  if (!usdt) return;
  const now = ctx.clock.now();
  const u = (v: string) => parseUnits(v, usdt.decimals);
  const common = {
    currencyId: usdt.id,
    minAmount: u('10'),
    maxAmount: u('50000'),
    totalQuota: u('1000000'),
    windowStart: new Date(now.getTime() - DAY),
    windowEnd: new Date(now.getTime() + 365 * DAY),
    status: 1,
  };
  const products: Array<[string, ProductInput]> = [
    ['savings', { ...common, kind: 'savings', names: names('USDT savings 7 days', 'USDT 7天储蓄', 'USDT 7天儲蓄'), termDays: 7, rateMode: 'fixed', dailyRate: '0.0002', rateMax: '0.0002', penaltyRate: '0.005', earlyRedeem: true, forfeitIncome: false, payout: 'account', sort: 1 }],
    ['lock', { ...common, kind: 'lock', names: names('USDT lock deposit 30 days', 'USDT 30天锁仓', 'USDT 30天鎖倉'), termDays: 30, rateMode: 'fixed', dailyRate: '0.0003', rateMax: '0.0003', penaltyRate: '0.01', earlyRedeem: true, forfeitIncome: true, payout: 'account', sort: 2 }],
    ['pledge', { ...common, kind: 'pledge', names: names('USDT trusteeship 90 days', 'USDT 90天托管', 'USDT 90天託管'), termDays: 90, rateMode: 'fixed', dailyRate: '0.00035', rateMax: '0.00035', penaltyRate: '0.02', earlyRedeem: true, forfeitIncome: true, payout: 'compound', sort: 3 }],
    ['machine', { ...common, kind: 'machine', names: names('Mining machine lease 15 days', '矿机租赁 15天', '礦機租賃 15天'), termDays: 15, rateMode: 'range', dailyRate: '0.0002', rateMax: '0.0006', penaltyRate: '0', earlyRedeem: false, forfeitIncome: false, refundPrincipal: false, payout: 'account', sort: 4 }],
  ];
  for (const [key, p] of products) await insertProduct(ctx.db, p, now, { seedKey: `demo:savings:${key}` });

  await ctx.db.transaction().execute(async (trx) => {
    const from = await ledger.systemAccount(trx, 'demo', usdt.id);
    const to = await ledger.systemAccount(trx, 'yield_pool', usdt.id);
    await ledger.transfer(
      trx,
      from,
      to,
      u('100000'),
      { kind: 'demo_credit', refType: 'yield_pool', refId: String(usdt.id), idempotencyKey: `demo:savings:yield_pool:${usdt.id}`, memo: 'Demo data: yield pool funding' },
      now,
    );
  });
}
