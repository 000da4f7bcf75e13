/**
 * Console rules of leveraged trading: product configuration (open positions keep the tiers and
 * fee they opened with), exposure, the position and liquidation logs, and the insurance fund.
 * Nothing here opens, closes or prices a position.
 */
import type { LeverAdminProduct, LeverExposure, LeverInsurance } from '@bourse/contract';
import { Dec, formatUnits, parseAmountInput } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { userLabels } from '../identity';
import { ledger, systemBalances } from '../ledger';
import { findInstrument, listCurrencies, tickAt } from '../market';
import { audit, type Operator } from '../operators';
import { INSURANCE_ACCOUNT } from './close';
import { sweeperStatus } from './jobs';
import { loadProducts, tierViews, type LeverProduct, type TierRow } from './products';
import * as repo from './repo';
import { positionView } from './views';

function adminView(p: LeverProduct): LeverAdminProduct {
  return {
    instrument_id: p.inst.id,
    symbol: p.inst.symbol,
    group: p.group,
    settlement: p.settlement,
    status: p.row.status,
    margin_currency_id: p.currency.id,
    leverages: p.leverages,
    fee_rate: p.feeRate.toFixed(),
    min_qty: p.minQty.toFixed(),
    qty_step: p.qtyStep.toFixed(),
    max_position_qty: p.maxPositionQty.toFixed(),
    tiers: tierViews(p.tierRows),
  };
}

export async function adminProducts(ctx: AppContext): Promise<LeverAdminProduct[]> {
  return (await loadProducts(ctx)).map(adminView);
}

/** The currency every leverage market margins and settles in: USDT (the ERC20 listing first). */
export async function marginCurrencyId(ctx: AppContext): Promise<number> {
  const usdt = (await listCurrencies(ctx.db))
    .filter((c) => c.name === 'USDT')
    .sort((a, b) => Number(b.sub_name === 'ERC20') - Number(a.sub_name === 'ERC20'));
  if (!usdt[0]) throw new AppError('lever_product_invalid', { reason: 'no USDT currency' });
  return usdt[0].id;
}

export interface ProductInput {
  instrument_id: number;
  status: number;
  leverages: number[];
  fee_rate: string;
  min_qty: string;
  qty_step: string;
  max_position_qty: string;
  tiers: TierRow[];
}

/** Checks an operator's product; returns the row to store, or throws lever_product_invalid with the reason. */
export async function validProduct(ctx: AppContext, input: ProductInput) {
  const bad = (reason: string) => new AppError('lever_product_invalid', { reason });
  const inst = await findInstrument(ctx.db, input.instrument_id);
  if (!inst) throw new AppError('instrument_not_found');
  let settlement: 'linear' | 'quote_inverse';
  if (inst.kind === 'forex')
    settlement =
      inst.base === 'USD'
        ? 'quote_inverse'
        : inst.quote === 'USD'
          ? 'linear'
          : ((): never => {
              throw bad('an FX market must have USD on one side');
            })();
  else if (inst.quote === 'USDT') settlement = 'linear';
  else throw bad('a crypto market must be quoted in USDT');
  const leverages = [...new Set(input.leverages)].sort((a, b) => a - b);
  const step = new Dec(input.qty_step);
  const min = new Dec(input.min_qty);
  const max = new Dec(input.max_position_qty);
  if (step.lte(0) || min.lte(0) || !min.mod(step).isZero())
    throw bad('the minimum must be a positive multiple of the step');
  if (max.lt(min) || !max.mod(step).isZero())
    throw bad('the position limit must be a multiple of the step, at least the minimum');
  if (step.decimalPlaces() > inst.amount_precision)
    throw bad(`the step has more places than the market's ${inst.amount_precision}`);
  const tiers = input.tiers;
  let prevMax = new Dec(0);
  let prevMmr = new Dec(0);
  tiers.forEach((t, i) => {
    const last = i === tiers.length - 1;
    if (last !== (t.max_notional === null)) throw bad('only the last tier is unbounded');
    const mmr = new Dec(t.mmr);
    if (mmr.lte(0) || mmr.lt(prevMmr))
      throw bad('maintenance rates must be positive and rise with the tiers');
    if (t.max_notional !== null) {
      const m = new Dec(t.max_notional);
      if (m.lte(prevMax)) throw bad('tier bounds must rise');
      prevMax = m;
    }
    prevMmr = mmr;
  });
  const maxLev = leverages[leverages.length - 1]!;
  if (new Dec(tiers[0]!.mmr).gte(new Dec(1).div(maxLev)))
    throw bad(`the first tier's maintenance rate must be below 1/${maxLev}`);
  return {
    instrument_id: inst.id,
    margin_currency_id: await marginCurrencyId(ctx),
    settlement,
    status: input.status,
    leverages: JSON.stringify(leverages),
    fee_rate: new Dec(input.fee_rate).toFixed(),
    min_qty: min.toFixed(),
    qty_step: step.toFixed(),
    max_position_qty: max.toFixed(),
    tiers: JSON.stringify(
      tiers.map((t) => ({
        max_notional: t.max_notional === null ? null : new Dec(t.max_notional).toFixed(),
        mmr: new Dec(t.mmr).toFixed(),
      })),
    ),
  };
}

export async function adminSaveProduct(
  ctx: AppContext,
  op: Operator,
  input: ProductInput,
  ip: string | null,
): Promise<LeverAdminProduct> {
  const row = await validProduct(ctx, input);
  const before = (await loadProducts(ctx, { instrumentId: input.instrument_id }))[0];
  await repo.upsertProduct(ctx.db, { ...row, updated_at: ctx.clock.now() });
  const after = (await loadProducts(ctx, { instrumentId: input.instrument_id }))[0]!;
  await audit(
    ctx,
    op.id,
    before ? 'lever.product_update' : 'lever.product_create',
    `instrument:${input.instrument_id}`,
    before ? adminView(before) : null,
    adminView(after),
    ip,
  );
  return adminView(after);
}

export async function adminExposure(ctx: AppContext): Promise<LeverExposure[]> {
  const [products, rows] = await Promise.all([loadProducts(ctx), repo.exposure(ctx.db)]);
  const now = ctx.clock.now();
  const out: LeverExposure[] = [];
  for (const p of products) {
    const r = rows.find((x) => x.instrument_id === p.inst.id);
    const tick = await tickAt(ctx.db, p.inst.id, now);
    let usersUpnl: string | null = null;
    if (tick && r) {
      // Σ s·Q·(P − P₀) = P·Σ s·Q − Σ s·Q·P₀ (linear); divided by P for quote-inverse markets.
      const P = new Dec(tick.price);
      let u = P.mul(new Dec(r.signed_qty)).sub(new Dec(r.signed_cost));
      if (p.settlement === 'quote_inverse') u = u.div(P);
      usersUpnl = u.toDecimalPlaces(p.currency.decimals, Dec.ROUND_FLOOR).toFixed();
    }
    out.push({
      instrument_id: p.inst.id,
      symbol: p.inst.symbol,
      open_positions: r ? Number(r.positions) : 0,
      long_qty: r ? new Dec(r.long_qty).toFixed() : '0',
      short_qty: r ? new Dec(r.short_qty).toFixed() : '0',
      margin: r ? formatUnits(BigInt(r.margin), p.currency.decimals) : '0',
      mark_price: tick ? new Dec(tick.price).toFixed() : null,
      users_upnl: r ? usersUpnl : '0',
    });
  }
  return out;
}

export async function adminPositions(
  ctx: AppContext,
  q: {
    status: 'open' | 'closed' | 'liquidation';
    instrument_id?: number;
    user_id?: number;
    page: number;
    limit: number;
  },
) {
  const { items, total } = await repo.consolePositions(ctx.db, {
    status: q.status,
    instrumentId: q.instrument_id,
    userId: q.user_id,
    page: q.page,
    limit: q.limit,
  });
  const [products, labels] = await Promise.all([
    loadProducts(ctx),
    userLabels(
      ctx.db,
      items.map((r) => r.user_id),
    ),
  ]);
  const byId = new Map(products.map((p) => [p.inst.id, p]));
  const now = ctx.clock.now();
  const marks = new Map<number, Awaited<ReturnType<typeof tickAt>>>();
  const list = [];
  for (const r of items) {
    const p = byId.get(r.instrument_id);
    if (!p) continue;
    if (r.status === 'open' && !marks.has(p.inst.id))
      marks.set(p.inst.id, await tickAt(ctx.db, p.inst.id, now));
    list.push({
      ...positionView(p, r, r.status === 'open' ? (marks.get(p.inst.id) ?? null) : null),
      user_id: r.user_id,
      user_label: labels.get(r.user_id)?.label ?? `#${r.user_id}`,
    });
  }
  return { list, total, page: q.page, limit: q.limit };
}

export async function adminInsurance(ctx: AppContext): Promise<LeverInsurance> {
  const [balances, currencies, totals] = await Promise.all([
    systemBalances(ctx.db, [INSURANCE_ACCOUNT]),
    listCurrencies(ctx.db),
    repo.liquidationTotals(ctx.db),
  ]);
  const marginId = await marginCurrencyId(ctx);
  const decimals = currencies.find((c) => c.id === marginId)?.decimals ?? 6;
  return {
    // Every currency has the fund's account; show the margin currency's and any that holds money.
    funds: balances
      .filter((b) => b.currencyId === marginId || b.available !== 0n)
      .map((b) => {
        const c = currencies.find((x) => x.id === b.currencyId);
        return {
          currency_id: b.currencyId,
          currency: c?.name ?? `#${b.currencyId}`,
          balance: formatUnits(b.available, c?.decimals ?? 0),
        };
      }),
    paid_in: formatUnits(BigInt(totals.paid_in), decimals),
    paid_out: formatUnits(BigInt(totals.paid_out), decimals),
    house_absorbed: formatUnits(BigInt(totals.absorbed), decimals),
    sweeper: sweeperStatus(ctx),
  };
}

/** Moves platform capital (the house account) into the insurance fund; audited. */
export async function fundInsurance(
  ctx: AppContext,
  op: Operator | null,
  input: { currency_id: number; amount: string; memo: string },
  ip: string | null,
  key?: string,
) {
  const currency = (await listCurrencies(ctx.db)).find((c) => c.id === input.currency_id);
  if (!currency) throw new AppError('currency_not_found');
  const r = parseAmountInput(input.amount, currency.decimals);
  if (!r.ok) throw new AppError(r.reason === 'not_positive' ? 'amount_not_positive' : 'amount_precision');
  const now = ctx.clock.now();
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const house = await ledger.systemAccount(trx, 'house', currency.id);
    const fund = await ledger.systemAccount(trx, INSURANCE_ACCOUNT, currency.id);
    return ledger.transfer(
      trx,
      house,
      fund,
      r.units,
      {
        kind: 'lever_insurance_fund',
        refType: 'operator',
        refId: String(op?.id ?? 0),
        idempotencyKey: key,
        memo: input.memo,
      },
      now,
    );
  });
  if (op && !moved.duplicate)
    await audit(
      ctx,
      op.id,
      'lever.insurance_fund',
      `currency:${currency.id}`,
      null,
      { amount: input.amount, memo: input.memo },
      ip,
    );
  return adminInsurance(ctx);
}
