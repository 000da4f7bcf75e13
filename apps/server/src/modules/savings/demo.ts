/**
 * Demo data (DEMO_DATA only; idempotent): one product of each family in USDT (ERC20), all
 * flagged is_demo, and a yield pool funded from the `demo` system account through the journal.
 * Rates are modest and the machine product's output varies by the published draw rule; the
 * machine lease is a prepaid fee (refundPrincipal false, docs/product/savings.md: nothing is refunded).
 */
import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { ledger } from '../ledger';
import { listCurrencies } from '../market';
import { insertProduct, type ProductInput } from './repo';

const DAY = 86_400_000;

type DemoNames = Record<'en' | 'zh' | 'hk' | 'th' | 'jp' | 'kor' | 'fra' | 'spa' | 'de' | 'vn' | 'py', string>;

/** A demo product's name in every UI language (issue 20: Japanese and Thai showed English). */
const NAMES: Record<'savings' | 'lock' | 'pledge' | 'machine', DemoNames> = {
  savings: {
    en: 'USDT savings 7 days (demo)',
    zh: 'USDT 7天储蓄（演示）',
    hk: 'USDT 7天儲蓄（演示）',
    th: 'ออมทรัพย์ USDT 7 วัน (ตัวอย่าง)',
    jp: 'USDT 7日間積立（デモ）',
    kor: 'USDT 7일 저축(데모)',
    fra: 'Épargne USDT 7 jours (démo)',
    spa: 'Ahorro USDT 7 días (demo)',
    de: 'USDT-Sparen 7 Tage (Demo)',
    vn: 'Tiết kiệm USDT 7 ngày (demo)',
    py: 'Накопления USDT 7 дней (демо)',
  },
  lock: {
    en: 'USDT lock deposit 30 days (demo)',
    zh: 'USDT 30天锁仓（演示）',
    hk: 'USDT 30天鎖倉（演示）',
    th: 'ฝากล็อก USDT 30 วัน (ตัวอย่าง)',
    jp: 'USDT 30日間ロック預入（デモ）',
    kor: 'USDT 30일 락업 예치(데모)',
    fra: 'Dépôt bloqué USDT 30 jours (démo)',
    spa: 'Depósito bloqueado USDT 30 días (demo)',
    de: 'USDT-Festgeld 30 Tage (Demo)',
    vn: 'Gửi khóa USDT 30 ngày (demo)',
    py: 'Блокированный депозит USDT 30 дней (демо)',
  },
  pledge: {
    en: 'USDT trusteeship 90 days (demo)',
    zh: 'USDT 90天托管（演示）',
    hk: 'USDT 90天託管（演示）',
    th: 'ฝากดูแล USDT 90 วัน (ตัวอย่าง)',
    jp: 'USDT 90日間信託（デモ）',
    kor: 'USDT 90일 위탁(데모)',
    fra: 'Garde USDT 90 jours (démo)',
    spa: 'Custodia USDT 90 días (demo)',
    de: 'USDT-Verwahrung 90 Tage (Demo)',
    vn: 'Ủy thác USDT 90 ngày (demo)',
    py: 'Доверительное хранение USDT 90 дней (демо)',
  },
  machine: {
    en: 'Mining machine lease 15 days (demo)',
    zh: '矿机租赁 15天（演示）',
    hk: '礦機租賃 15天（演示）',
    th: 'เช่าเครื่องขุด 15 วัน (ตัวอย่าง)',
    jp: 'マイニングマシンのリース 15日間（デモ）',
    kor: '채굴기 임대 15일(데모)',
    fra: 'Location de machine de minage 15 jours (démo)',
    spa: 'Alquiler de máquina de minería 15 días (demo)',
    de: 'Mining-Maschinen-Miete 15 Tage (Demo)',
    vn: 'Thuê máy đào 15 ngày (demo)',
    py: 'Аренда майнинг-машины 15 дней (демо)',
  },
};

/**
 * A demo product seeded before its name had every language gets the missing ones, unless an
 * operator renamed it (its English name is no longer the seeded one).
 */
async function addMissingNames(ctx: AppContext, seedKey: string, names: Record<string, string>, at: Date): Promise<void> {
  const row = await ctx.db.selectFrom('savings_products').select(['id', 'names']).where('seed_key', '=', seedKey).where('is_demo', '=', true).executeTakeFirst();
  if (!row) return;
  const current = (typeof row.names === 'string' ? JSON.parse(row.names) : row.names) as Record<string, string>;
  if (current.en !== names.en || Object.keys(names).every((lang) => lang in current)) return;
  await ctx.db
    .updateTable('savings_products')
    .set({ names: JSON.stringify({ ...names, ...current }), updated_at: at })
    .where('id', '=', row.id)
    .execute();
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
    ['savings', { ...common, kind: 'savings', names: NAMES.savings, termDays: 7, rateMode: 'fixed', dailyRate: '0.0002', rateMax: '0.0002', penaltyRate: '0.005', earlyRedeem: true, forfeitIncome: false, payout: 'account', sort: 1 }],
    ['lock', { ...common, kind: 'lock', names: NAMES.lock, termDays: 30, rateMode: 'fixed', dailyRate: '0.0003', rateMax: '0.0003', penaltyRate: '0.01', earlyRedeem: true, forfeitIncome: true, payout: 'account', sort: 2 }],
    ['pledge', { ...common, kind: 'pledge', names: NAMES.pledge, termDays: 90, rateMode: 'fixed', dailyRate: '0.00035', rateMax: '0.00035', penaltyRate: '0.02', earlyRedeem: true, forfeitIncome: true, payout: 'compound', sort: 3 }],
    ['machine', { ...common, kind: 'machine', names: NAMES.machine, termDays: 15, rateMode: 'range', dailyRate: '0.0002', rateMax: '0.0006', penaltyRate: '0', earlyRedeem: false, forfeitIncome: false, refundPrincipal: false, payout: 'account', sort: 4 }],
  ];
  for (const [key, p] of products) {
    const id = await insertProduct(ctx.db, p, now, { seedKey: `demo:savings:${key}` });
    if (id === null) await addMissingNames(ctx, `demo:savings:${key}`, p.names, now);
  }

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
