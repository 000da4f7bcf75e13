/**
 * Console rules of the contracts domain: product configuration, suspending a market for new
 * orders, open exposure, the settlement log and the house P&L. Nothing here reads or writes an
 * order's outcome: open orders settle only by the settler, against stored ticks.
 */
import type { ContractAdminProduct, ContractConsoleProduct } from '@bourse/contract';
import { formatUnits, parseAmountInput } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { audit, type Operator } from '../operators';
import { findCurrency, findInstrument } from '../market';
import { products } from './service';
import * as consoleRepo from './console-repo';
import * as repo from './repo';
import { orderView } from './views';

export interface ProductInput {
  instrument_id: number;
  status: number;
  fee_rate: string;
  seconds: Array<{ seconds: number; payout_rate: string; status?: number }>;
  currencies: Array<{ currency_id: number; min: string; max: string; exposure_cap: string }>;
}

/** A positive amount of the console's form in base units (the shared parser); anything else is refused. */
function units(value: string, decimals: number): bigint {
  const r = parseAmountInput(value, decimals);
  if (!r.ok) throw new AppError('contract_product_invalid');
  return r.units;
}

/** Products as the console sees them: every expiry and currency, with the exposure figures. */
async function consoleProducts(ctx: AppContext, instrumentId?: number): Promise<ContractConsoleProduct[]> {
  // productView(…, forConsole) always sets the console's currency fields.
  return (await products(ctx, { instrumentId, forConsole: true })) as ContractConsoleProduct[];
}

export async function adminProducts(ctx: AppContext): Promise<ContractAdminProduct[]> {
  const [list, open] = await Promise.all([consoleProducts(ctx), consoleRepo.openByDirection(ctx.db)]);
  return list.map((p) => ({
    ...p,
    open_orders: open
      .filter((o) => o.product_id === p.product_id)
      .map((o) => {
        const c = p.currencies.find((x) => x.currency_id === o.currency_id);
        return {
          currency_id: o.currency_id,
          direction: o.direction === 1 ? 'up' : 'down',
          orders: Number(o.orders),
          stake: c ? formatUnits(BigInt(o.stake), c.decimals) : o.stake,
        };
      }),
  }));
}

/** Creates or replaces a market's product. Open orders keep the rates they were placed at. */
export async function adminSaveProduct(ctx: AppContext, op: Operator, input: ProductInput, ip: string | null) {
  const inst = await findInstrument(ctx.db, input.instrument_id);
  if (!inst) throw new AppError('instrument_not_found');
  const seconds = new Set(input.seconds.map((s) => s.seconds));
  if (input.seconds.length === 0 || seconds.size !== input.seconds.length || input.currencies.length === 0) {
    throw new AppError('contract_product_invalid');
  }
  const currencies: Array<{ currencyId: number; min: bigint; max: bigint; cap: bigint }> = [];
  for (const c of input.currencies) {
    const cur = await findCurrency(ctx.db, c.currency_id);
    if (!cur) throw new AppError('currency_not_found');
    const min = units(c.min, cur.decimals);
    const max = units(c.max, cur.decimals);
    const cap = units(c.exposure_cap, cur.decimals);
    if (max < min) throw new AppError('contract_product_invalid');
    currencies.push({ currencyId: cur.id, min, max, cap });
  }
  const before = (await consoleProducts(ctx, inst.id))[0] ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    const id = await repo.upsertProduct(trx, {
      instrumentId: inst.id,
      status: input.status,
      feeRate: input.fee_rate,
      isDemo: false,
      at: ctx.clock.now(),
    });
    await repo.replaceExpiries(
      trx,
      id,
      input.seconds.map((s) => ({ seconds: s.seconds, payoutRate: s.payout_rate, status: s.status ?? 1 })),
    );
    await repo.replaceCurrencies(trx, id, currencies);
  });
  const after = (await consoleProducts(ctx, inst.id))[0] ?? null;
  await audit(ctx, op.id, before ? 'contracts.product_update' : 'contracts.product_create', `instrument:${inst.id}`, before, after, ip);
  return after;
}

/** Suspends or resumes new orders on a market; open orders still settle by the rule. */
export async function adminSetStatus(ctx: AppContext, op: Operator, productId: number, status: number, ip: string | null) {
  const before = await repo.productById(ctx.db, productId);
  if (!before) throw new AppError('contract_product_not_found');
  await repo.setProductStatus(ctx.db, productId, status, ctx.clock.now());
  await audit(ctx, op.id, status === 1 ? 'contracts.product_resume' : 'contracts.product_suspend', `contract_product:${productId}`, { status: before.status }, { status }, ip);
  return { product_id: productId, status };
}

export async function adminSettlements(
  ctx: AppContext,
  f: { page: number; limit: number; instrumentId?: number; status?: string; userId?: number },
) {
  const { items, total } = await consoleRepo.settlementLog(ctx.db, f);
  return { items: items.map((o) => ({ ...orderView(o), user_id: o.user_id })), total };
}

export async function adminPnl(ctx: AppContext, days: number) {
  const since = new Date(ctx.clock.now().getTime() - days * 86_400_000);
  const rows = await consoleRepo.housePnl(ctx.db, since);
  return rows.map((r) => {
    const profit = BigInt(r.user_profit);
    const fees = BigInt(r.fees);
    return {
      day: r.day,
      currency_id: r.currency_id,
      currency: r.sub_name ? `${r.currency} (${r.sub_name})` : r.currency,
      orders: Number(r.orders),
      won: Number(r.won),
      lost: Number(r.lost),
      tie: Number(r.tie),
      void: Number(r.void),
      stake: formatUnits(BigInt(r.stake), r.decimals),
      user_profit: formatUnits(profit, r.decimals),
      fees: formatUnits(fees, r.decimals),
      // User P&L + house P&L + fees = 0.
      house_pnl: formatUnits(-(profit + fees), r.decimals),
    };
  });
}
