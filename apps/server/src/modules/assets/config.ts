/** Operator configuration per currency: withdrawal limits and fees, transfer fee, exchange spread and fee. */
import { Dec, formatUnits, parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { findCurrency, listCurrencies } from '../market';
import * as repo from './repo';

export interface ConfigInput {
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
  withdraw_min: string;
  withdraw_max: string;
  withdraw_fee: string;
  withdraw_daily_limit: string;
  two_approval_threshold: string;
  transfer_fee: string;
  exchange_enabled: boolean;
  exchange_spread: string;
  exchange_fee_rate: string;
}

export function configView(c: repo.CurrencyConfig, decimals: number) {
  return {
    currency_id: c.currencyId,
    deposit_enabled: c.depositEnabled,
    withdraw_enabled: c.withdrawEnabled,
    withdraw_min: formatUnits(c.withdrawMin, decimals),
    withdraw_max: formatUnits(c.withdrawMax, decimals),
    withdraw_fee: formatUnits(c.withdrawFee, decimals),
    withdraw_daily_limit: formatUnits(c.withdrawDailyLimit, decimals),
    two_approval_threshold: formatUnits(c.twoApprovalThreshold, decimals),
    transfer_fee: formatUnits(c.transferFee, decimals),
    exchange_enabled: c.exchangeEnabled,
    exchange_spread: new Dec(c.exchangeSpread).toString(),
    exchange_fee_rate: new Dec(c.exchangeFeeRate).toString(),
  };
}

function units(v: string, decimals: number, field: string): bigint {
  try {
    const u = parseUnits(v.trim() === '' ? '0' : v, decimals);
    if (u < 0n) throw new Error('negative');
    return u;
  } catch {
    throw new AppError('field_invalid', { field });
  }
}

function rate(v: string, field: string): string {
  const ok = /^\d+(\.\d{1,18})?$/.test(v.trim());
  if (!ok) throw new AppError('field_invalid', { field });
  const d = new Dec(v.trim());
  if (d.gte(1)) throw new AppError('field_invalid', { field });
  return d.toString();
}

/** Console list: every currency with its configuration (defaults where none is stored). */
export async function listConfigs(ctx: AppContext) {
  const [currencies, configs] = await Promise.all([listCurrencies(ctx.db), repo.allConfigs(ctx.db)]);
  return currencies.map((c) => ({
    currency: { id: c.id, name: c.name, sub_name: c.sub_name, decimals: c.decimals, status: c.status },
    config: configView(configs.get(c.id) ?? repo.defaultConfig(c.id), c.decimals),
  }));
}

export async function saveConfig(ctx: AppContext, currencyId: number, input: ConfigInput) {
  const c = await findCurrency(ctx.db, currencyId);
  if (!c) throw new AppError('currency_not_found');
  const before = await repo.currencyConfig(ctx.db, currencyId);
  const next: repo.CurrencyConfig = {
    currencyId,
    depositEnabled: input.deposit_enabled,
    withdrawEnabled: input.withdraw_enabled,
    withdrawMin: units(input.withdraw_min, c.decimals, 'withdraw_min'),
    withdrawMax: units(input.withdraw_max, c.decimals, 'withdraw_max'),
    withdrawFee: units(input.withdraw_fee, c.decimals, 'withdraw_fee'),
    withdrawDailyLimit: units(input.withdraw_daily_limit, c.decimals, 'withdraw_daily_limit'),
    twoApprovalThreshold: units(input.two_approval_threshold, c.decimals, 'two_approval_threshold'),
    transferFee: units(input.transfer_fee, c.decimals, 'transfer_fee'),
    exchangeEnabled: input.exchange_enabled,
    exchangeSpread: rate(input.exchange_spread, 'exchange_spread'),
    exchangeFeeRate: rate(input.exchange_fee_rate, 'exchange_fee_rate'),
  };
  if (next.withdrawMax > 0n && next.withdrawMax < next.withdrawMin)
    throw new AppError('field_invalid', { field: 'withdraw_max' });
  await repo.upsertConfig(ctx.db, next, ctx.clock.now());
  return { before: configView(before, c.decimals), after: configView(next, c.decimals) };
}

/** Demo fees and limits (DEMO DATA; operators change them in the console). Only fills currencies without a configuration. */
const DEMO_CONFIG: Record<string, { min: string; max: string; fee: string; daily: string; two: string }> = {
  USDT: { min: '10', max: '50000', fee: '1', daily: '100000', two: '10000' },
  ETH: { min: '0.01', max: '50', fee: '0.002', daily: '100', two: '10' },
  BTC: { min: '0.001', max: '5', fee: '0.0002', daily: '10', two: '1' },
  BANKCARD: { min: '100', max: '50000', fee: '0', daily: '100000', two: '10000' },
};

export async function seedDemoConfig(ctx: AppContext): Promise<void> {
  const [currencies, configs] = await Promise.all([listCurrencies(ctx.db), repo.allConfigs(ctx.db)]);
  for (const c of currencies) {
    if (configs.has(c.id)) continue;
    const d = DEMO_CONFIG[c.name];
    const cfg = repo.defaultConfig(c.id);
    if (d) {
      cfg.withdrawMin = parseUnits(d.min, c.decimals);
      cfg.withdrawMax = parseUnits(d.max, c.decimals);
      cfg.withdrawFee = parseUnits(d.fee, c.decimals);
      cfg.withdrawDailyLimit = parseUnits(d.daily, c.decimals);
      cfg.twoApprovalThreshold = parseUnits(d.two, c.decimals);
    }
    cfg.exchangeSpread = '0.002';
    cfg.exchangeFeeRate = '0.001';
    cfg.exchangeEnabled = !c.is_fiat;
    await repo.upsertConfig(ctx.db, cfg, ctx.clock.now());
  }
}
