/**
 * Rules of leveraged trading (docs/product/lever.md): the trade screen's markets, opening a
 * position (preview and submit share every check), take-profit/stop-loss, closing, the lists.
 * Money moves only through the ledger, in the transaction that writes the position.
 */
import {
  ACCOUNT_TYPES,
  type ErrorCode,
  type LeverCloseResult,
  type LeverDeal,
  type LeverPreview,
} from '@bourse/contract';
import { Dec, formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { accountBalance, findUserAccountId, ledger, lockAccount } from '../ledger';
import { FX_HOURS, marketOpen, nextOpen, tickAt, type Tick } from '../market';
import { closeAt, marketOf } from './close';
import { isTradable, loadProducts, marketView, resolveProduct, type LeverProduct } from './products';
import * as repo from './repo';
import { planOpen, triggerBounds, type Side } from './rules';
import { positionView, usableMark } from './views';

export type Translate = (code: ErrorCode, params?: Record<string, string | number>) => string;
type MarketRef = { instrument_id?: number; currency_id?: number; legal_id?: number };

export const POLICY = {
  margin_mode: 'isolated',
  liquidation: 'bankruptcy_price',
  funding: 'none',
  counterparty: 'house',
  margin_ratio: 'mm_over_mb',
  fx_hours: FX_HOURS,
} as const;

async function marginBalance(ctx: AppContext, userId: number, currencyId: number) {
  const acct = await findUserAccountId(ctx.db, userId, currencyId, ACCOUNT_TYPES.lever);
  return acct === null ? { available: 0n, frozen: 0n } : accountBalance(ctx.db, acct);
}

export async function deal(ctx: AppContext, userId: number | null, by: MarketRef): Promise<LeverDeal> {
  const now = ctx.clock.now();
  const products = await loadProducts(ctx);
  const ticks = await Promise.all(products.map((p) => tickAt(ctx.db, p.inst.id, now)));
  const markets = products.map((p, i) => marketView(p, ticks[i]!, now));
  const selected =
    by.instrument_id ??
    products.find(
      (p) => p.inst.base_currency_id === by.currency_id && p.inst.quote_currency_id === by.legal_id,
    )?.inst.id;
  if (selected !== undefined)
    markets.sort((a, b) => Number(b.instrument_id === selected) - Number(a.instrument_id === selected));
  let balance: LeverDeal['balance'] = null;
  const currency = products[0]?.currency;
  if (userId !== null && currency) {
    const b = await marginBalance(ctx, userId, currency.id);
    balance = {
      currency: currency.name,
      available: formatUnits(b.available, currency.decimals),
      frozen: formatUnits(b.frozen, currency.decimals),
    };
  }
  return { markets, balance, policy: POLICY, server_time: now.toISOString() };
}

export interface OpenInput extends MarketRef {
  type: number;
  multiple: number;
  number?: string;
  margin?: string;
  target_profit_price?: string;
  stop_loss_price?: string;
  client_key?: string;
}

const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;

function decimalInput(value: string, field: string): Dec {
  const v = value.trim();
  if (!DECIMAL.test(v)) throw new AppError('field_invalid', { field });
  return new Dec(v);
}

/** A TP/SL price as typed: '' or absent → null; otherwise positive, on the market's price grid. */
function stopPrice(value: string | undefined, places: number): Dec | null {
  if (value === undefined || value.trim() === '') return null;
  const v = value.trim();
  if (!DECIMAL.test(v) || new Dec(v).lte(0) || new Dec(v).decimalPlaces() > places)
    throw new AppError('lever_price_invalid', { places });
  return new Dec(v);
}

function checkStops(side: Side, mark: Dec, tp: Dec | null, sl: Dec | null): void {
  if (tp && (side === 1 ? tp.lte(mark) : tp.gte(mark))) throw new AppError('lever_tp_wrong_side');
  if (sl && (side === 1 ? sl.gte(mark) : sl.lte(mark))) throw new AppError('lever_sl_wrong_side');
}

function requireOpenMarket(p: LeverProduct, now: Date): void {
  if (!isTradable(p)) throw new AppError('lever_market_suspended');
  if (!marketOpen(p.inst.kind, now))
    throw new AppError('lever_market_closed', {
      opens_at: nextOpen(p.inst.kind, now)!.toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    });
}

interface Plan {
  p: LeverProduct;
  side: Side;
  qty: Dec;
  tick: Tick;
  tp: Dec | null;
  sl: Dec | null;
  plan: ReturnType<typeof planOpen>;
}

/** Every check of an open, at the current price; throws the first failing rule's error. */
async function planFor(ctx: AppContext, input: OpenInput): Promise<Plan> {
  const now = ctx.clock.now();
  const p = await resolveProduct(ctx, input);
  requireOpenMarket(p, now);
  const side = input.type as Side;
  if (!p.leverages.includes(input.multiple)) throw new AppError('lever_leverage_not_offered');
  const tick = await tickAt(ctx.db, p.inst.id, now);
  if (!tick) throw new AppError('price_unavailable');
  const price = new Dec(tick.price);
  let qty: Dec;
  if (input.number !== undefined && input.number.trim() !== '') {
    qty = decimalInput(input.number, 'number');
    if (!qty.mod(p.qtyStep).isZero()) throw new AppError('lever_qty_step', { step: p.qtyStep.toFixed() });
  } else if (input.margin !== undefined && input.margin.trim() !== '') {
    const margin = decimalInput(input.margin, 'margin');
    const raw =
      p.settlement === 'linear' ? margin.mul(input.multiple).div(price) : margin.mul(input.multiple);
    qty = raw.div(p.qtyStep).floor().mul(p.qtyStep);
  } else throw new AppError('lever_size_required');
  if (qty.lt(p.minQty)) throw new AppError('lever_qty_below_min', { min: p.minQty.toFixed() });
  if (qty.gt(p.maxPositionQty))
    throw new AppError('lever_position_limit', { max: p.maxPositionQty.toFixed() });
  const tp = stopPrice(input.target_profit_price, p.inst.price_precision);
  const sl = stopPrice(input.stop_loss_price, p.inst.price_precision);
  checkStops(side, price, tp, sl);
  return { p, side, qty, tick, tp, sl, plan: planOpen(marketOf(p), side, input.multiple, qty, price) };
}

export async function preview(ctx: AppContext, userId: number, input: OpenInput): Promise<LeverPreview> {
  const { p, side, qty, tick, plan } = await planFor(ctx, input);
  const d = p.currency.decimals;
  const b = await marginBalance(ctx, userId, p.currency.id);
  return {
    instrument_id: p.inst.id,
    side: side === 1 ? 'long' : 'short',
    leverage: input.multiple,
    qty: qty.toFixed(),
    entry_price: new Dec(tick.price).toFixed(),
    notional: plan.notional.toDecimalPlaces(d, Dec.ROUND_FLOOR).toFixed(),
    margin: formatUnits(plan.margin, d),
    fee: formatUnits(plan.fee, d),
    cost: formatUnits(plan.margin + plan.fee, d),
    available: formatUnits(b.available, d),
    liq_price: plan.liq?.toFixed() ?? null,
    bankrupt_price: plan.bankrupt?.toFixed() ?? null,
    mmr: plan.mmr.toFixed(),
    currency: p.currency.name,
  };
}

/**
 * Opens a position: in one transaction the user's lever account is locked (so the position limit
 * holds under parallel requests), the position written, and margin + fee moved in one entry
 * (available → frozen margin, fee → fees). A retry with the same client key returns the first.
 */
export async function open(ctx: AppContext, userId: number, input: OpenInput) {
  if (input.client_key) {
    const existing = await repo.positionByClientKey(ctx.db, userId, input.client_key);
    if (existing) return detail(ctx, userId, existing.id);
  }
  const { p, side, qty, tick, tp, sl, plan } = await planFor(ctx, input);
  const now = ctx.clock.now();
  const bounds = triggerBounds(side, plan.liq, tp, sl);
  let id: string;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const account = await ledger.userAccount(trx, userId, p.currency.id, ACCOUNT_TYPES.lever);
      await lockAccount(trx, account);
      const held = new Dec(await repo.openQty(trx, userId, p.inst.id));
      if (held.add(qty).gt(p.maxPositionQty))
        throw new AppError('lever_position_limit', { max: p.maxPositionQty.toFixed() });
      const row = await repo.insertPosition(trx, {
        user_id: userId,
        instrument_id: p.inst.id,
        account_id: account,
        settlement: p.settlement,
        side,
        leverage: input.multiple,
        qty: qty.toFixed(),
        entry_price: tick.price,
        entry_tick_id: tick.id,
        margin: plan.margin.toString(),
        open_fee: plan.fee.toString(),
        fee_rate: p.feeRate.toFixed(),
        tiers: JSON.stringify(p.tierRows),
        liq_price: plan.liq?.toFixed() ?? null,
        bankrupt_price: plan.bankrupt?.toFixed() ?? null,
        tp: tp?.toFixed() ?? null,
        sl: sl?.toFixed() ?? null,
        stops_at: tp || sl ? now : null,
        trigger_low: bounds.low?.toFixed() ?? null,
        trigger_high: bounds.high?.toFixed() ?? null,
        opened_at: now,
        client_key: input.client_key ?? null,
      });
      const legs = [
        { accountId: account, bucket: 'available' as const, amount: -(plan.margin + plan.fee) },
        { accountId: account, bucket: 'frozen' as const, amount: plan.margin },
      ];
      if (plan.fee > 0n)
        legs.push({
          accountId: await ledger.systemAccount(trx, 'fees', p.currency.id),
          bucket: 'available',
          amount: plan.fee,
        });
      await ledger.post(
        trx,
        {
          kind: 'lever_open',
          refType: 'lever_position',
          refId: row.id,
          idempotencyKey: `lever:${row.id}:open`,
          legs,
        },
        now,
      );
      return row.id;
    });
  } catch (err) {
    if (input.client_key && !(err instanceof AppError)) {
      const existing = await repo.positionByClientKey(ctx.db, userId, input.client_key);
      if (existing) return detail(ctx, userId, existing.id);
    }
    throw err;
  }
  return detail(ctx, userId, id);
}

async function ownPosition(ctx: AppContext, userId: number, id: string) {
  const row = await repo.userPosition(ctx.db, userId, id);
  if (!row) throw new AppError('lever_position_not_found');
  const p = (await loadProducts(ctx, { instrumentId: row.instrument_id }))[0];
  if (!p) throw new AppError('lever_market_not_found');
  return { row, p };
}

export async function detail(ctx: AppContext, userId: number, id: string) {
  const { row, p } = await ownPosition(ctx, userId, id);
  const now = ctx.clock.now();
  return positionView(
    p,
    row,
    row.status === 'open' ? usableMark(p, await tickAt(ctx.db, p.inst.id, now), now) : null,
  );
}

/** Sets or clears take-profit and stop-loss ('' clears, absent keeps), checked against the current price. */
export async function setStops(
  ctx: AppContext,
  userId: number,
  id: string,
  input: { target_profit_price?: string; stop_loss_price?: string },
) {
  const { row, p } = await ownPosition(ctx, userId, id);
  if (row.status !== 'open') throw new AppError('lever_position_closed');
  const now = ctx.clock.now();
  requireOpenMarket(p, now);
  const tick = await tickAt(ctx.db, p.inst.id, now);
  if (!tick) throw new AppError('price_unavailable');
  const places = p.inst.price_precision;
  const tp =
    input.target_profit_price === undefined
      ? row.tp === null
        ? null
        : new Dec(row.tp)
      : stopPrice(input.target_profit_price, places);
  const sl =
    input.stop_loss_price === undefined
      ? row.sl === null
        ? null
        : new Dec(row.sl)
      : stopPrice(input.stop_loss_price, places);
  const side = row.side as Side;
  checkStops(side, new Dec(tick.price), tp, sl);
  const b = triggerBounds(side, row.liq_price === null ? null : new Dec(row.liq_price), tp, sl);
  const updated = await repo.setStops(ctx.db, row.id, {
    tp: tp?.toFixed() ?? null,
    sl: sl?.toFixed() ?? null,
    trigger_low: b.low?.toFixed() ?? null,
    trigger_high: b.high?.toFixed() ?? null,
    stops_at: now,
  });
  if (!updated) throw new AppError('lever_position_closed');
  return positionView(p, updated, usableMark(p, tick, now));
}

/** Closes one of the user's positions at the current price, or says why not (never throws for one position). */
async function closeOne(
  ctx: AppContext,
  userId: number,
  id: string,
  lang: Translate,
): Promise<LeverCloseResult> {
  const row = await repo.userPosition(ctx.db, userId, id);
  const fail = (
    outcome: LeverCloseResult['outcome'],
    code: ErrorCode,
    params?: Record<string, string | number>,
  ): LeverCloseResult => ({ id, outcome, message: lang(code, params), position: null });
  if (!row) return fail('not_found', 'lever_position_not_found');
  const p = (await loadProducts(ctx, { instrumentId: row.instrument_id }))[0];
  if (!p) return fail('not_found', 'lever_market_not_found');
  const now = ctx.clock.now();
  if (row.status !== 'open')
    return {
      id,
      outcome: 'already_closed',
      message: lang('lever_position_closed'),
      position: positionView(p, row, null),
    };
  if (!marketOpen(p.inst.kind, now))
    return fail('market_closed', 'lever_market_closed', {
      opens_at: nextOpen(p.inst.kind, now)!.toISOString().slice(0, 16),
    });
  const tick = await tickAt(ctx.db, p.inst.id, now);
  if (!tick) return fail('price_unavailable', 'price_unavailable');
  const closed = await closeAt(ctx, p, row, tick, 'user');
  if (!closed) {
    const again = await repo.positionById(ctx.db, id);
    return {
      id,
      outcome: 'already_closed',
      message: lang('lever_position_closed'),
      position: again ? positionView(p, again, null) : null,
    };
  }
  return { id, outcome: 'closed', message: null, position: positionView(p, closed, null) };
}

/** POST /lever/close: one position; the errors of a single close are thrown. */
export async function close(ctx: AppContext, userId: number, id: string) {
  const { row, p } = await ownPosition(ctx, userId, id);
  if (row.status !== 'open') throw new AppError('lever_position_closed');
  const now = ctx.clock.now();
  requireOpenMarket(p, now);
  const tick = await tickAt(ctx.db, p.inst.id, now);
  if (!tick) throw new AppError('price_unavailable');
  const closed = await closeAt(ctx, p, row, tick, 'user');
  if (!closed) throw new AppError('lever_position_closed');
  return positionView(p, closed, null);
}

/** Close-all and batch close: each position on its own (one result each); a repeat finds them closed. */
export async function closeMany(ctx: AppContext, userId: number, ids: string[], lang: Translate) {
  const results: LeverCloseResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      results.push(await closeOne(ctx, userId, id, lang));
    } catch (err) {
      ctx.log.error({ err, position: id }, 'lever: close failed');
      results.push({
        id,
        outcome: 'failed',
        message: lang(err instanceof AppError ? err.code : 'internal'),
        position: null,
      });
    }
  }
  return { results, closed: results.filter((r) => r.outcome === 'closed').length };
}

export async function closeAll(
  ctx: AppContext,
  userId: number,
  input: MarketRef & { type: number },
  lang: Translate,
) {
  let instrumentId = input.instrument_id;
  if (instrumentId === undefined && input.currency_id !== undefined)
    instrumentId = (await resolveProduct(ctx, input)).inst.id;
  const ids = await repo.openIds(ctx.db, userId, {
    instrumentId,
    side: input.type === 0 ? undefined : input.type,
  });
  return closeMany(ctx, userId, ids, lang);
}

export async function myTrades(
  ctx: AppContext,
  userId: number,
  input: MarketRef & { status: number; page: number; limit: number },
) {
  let instrumentId = input.instrument_id;
  if (instrumentId === undefined && input.currency_id !== undefined)
    instrumentId = (await resolveProduct(ctx, input)).inst.id;
  const status = input.status === 2 ? 'closed' : 'open';
  const { items, total } = await repo.userPositions(ctx.db, userId, {
    status,
    instrumentId,
    page: input.page,
    limit: input.limit,
  });
  const products = new Map((await loadProducts(ctx)).map((p) => [p.inst.id, p]));
  const now = ctx.clock.now();
  const marks = new Map<number, Tick | null>();
  if (status === 'open') {
    for (const id of new Set(items.map((r) => r.instrument_id))) {
      const p = products.get(id);
      marks.set(id, p ? usableMark(p, await tickAt(ctx.db, id, now), now) : null);
    }
  }
  const list = items.flatMap((r) => {
    const p = products.get(r.instrument_id);
    return p ? [positionView(p, r, marks.get(r.instrument_id) ?? null)] : [];
  });
  return { list, total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}
