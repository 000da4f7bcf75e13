/**
 * Leverage products as the rules use them: a product row joined with its market and margin
 * currency, tiers and limits parsed into exact decimals. Markets are few, so each request reads
 * them whole (three small queries) rather than caching configuration an operator may change.
 */
import type { LeverMarket, LeverTier } from '@bourse/contract';
import { Dec, marginTiers, type MarginTier } from '@bourse/money';
import type { AppContext } from '../../context';
import type { CurrencyRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  currenciesByIds,
  listInstruments,
  marketOpen,
  nextOpen,
  type Instrument,
  type Tick,
} from '../market';
import * as repo from './repo';

export type Settlement = 'linear' | 'quote_inverse';
export interface TierRow {
  max_notional: string | null;
  mmr: string;
}

export interface LeverProduct {
  row: repo.ProductRow;
  inst: Instrument;
  currency: CurrencyRow;
  group: 'crypto' | 'forex';
  settlement: Settlement;
  leverages: number[];
  tierRows: TierRow[];
  tiers: MarginTier[];
  feeRate: Dec;
  minQty: Dec;
  qtyStep: Dec;
  maxPositionQty: Dec;
}

/** JSON columns as stored by the service (validated on write). */
export function parseTierRows(json: unknown): TierRow[] {
  const rows = (typeof json === 'string' ? JSON.parse(json) : json) as TierRow[];
  return rows.map((r) => ({
    max_notional: r.max_notional === null ? null : String(r.max_notional),
    mmr: String(r.mmr),
  }));
}

function parseLeverages(json: unknown): number[] {
  return ((typeof json === 'string' ? JSON.parse(json) : json) as number[]).map(Number);
}

/** The tiers as the API shows them, with each tier's cum amount. */
export function tierViews(rows: TierRow[]): LeverTier[] {
  return marginTiers(rows).map((t) => ({
    max_notional: t.max === null ? null : t.max.toFixed(),
    mmr: t.mmr.toFixed(),
    cum: t.cum.toFixed(),
  }));
}

export async function loadProducts(
  ctx: AppContext,
  opts: { instrumentId?: number } = {},
): Promise<LeverProduct[]> {
  const rows = (await repo.listProducts(ctx.db)).filter(
    (r) => opts.instrumentId === undefined || r.instrument_id === opts.instrumentId,
  );
  if (rows.length === 0) return [];
  const [instruments, currencies] = await Promise.all([
    listInstruments(ctx.db),
    currenciesByIds(
      ctx.db,
      rows.map((r) => r.margin_currency_id),
    ),
  ]);
  const byId = new Map(instruments.map((i) => [i.id, i]));
  const out: LeverProduct[] = [];
  for (const row of rows) {
    const inst = byId.get(row.instrument_id);
    const currency = currencies.get(row.margin_currency_id);
    if (!inst || !currency) continue;
    const tierRows = parseTierRows(row.tiers);
    out.push({
      row,
      inst,
      currency,
      group: inst.kind === 'forex' ? 'forex' : 'crypto',
      settlement: row.settlement as Settlement,
      leverages: parseLeverages(row.leverages),
      tierRows,
      tiers: marginTiers(tierRows),
      feeRate: new Dec(row.fee_rate),
      minQty: new Dec(row.min_qty),
      qtyStep: new Dec(row.qty_step),
      maxPositionQty: new Dec(row.max_position_qty),
    });
  }
  return out.sort((a, b) => a.inst.sort - b.inst.sort || a.inst.id - b.inst.id);
}

/** The product of a market named by instrument id, or by base and quote currency ids. */
export async function resolveProduct(
  ctx: AppContext,
  by: { instrument_id?: number; currency_id?: number; legal_id?: number },
): Promise<LeverProduct> {
  const list = await loadProducts(ctx, { instrumentId: by.instrument_id });
  const found =
    by.instrument_id !== undefined
      ? list[0]
      : list.find(
          (p) => p.inst.base_currency_id === by.currency_id && p.inst.quote_currency_id === by.legal_id,
        );
  if (!found || (by.instrument_id === undefined && by.currency_id === undefined))
    throw new AppError('lever_market_not_found');
  return found;
}

export function isTradable(p: LeverProduct): boolean {
  return p.row.status === 1 && p.inst.status === 1;
}

export function marketView(p: LeverProduct, tick: Tick | null, now: Date): LeverMarket {
  const open = marketOpen(p.inst.kind, now);
  return {
    instrument_id: p.inst.id,
    symbol: p.inst.symbol,
    base: p.inst.base,
    quote: p.inst.quote,
    currency_id: p.inst.base_currency_id,
    legal_id: p.inst.quote_currency_id,
    group: p.group,
    settlement: p.settlement,
    price_precision: p.inst.price_precision,
    amount_precision: p.inst.amount_precision,
    margin_currency: { id: p.currency.id, name: p.currency.name, decimals: p.currency.decimals },
    leverages: p.leverages,
    fee_rate: p.feeRate.toFixed(),
    min_qty: p.minQty.toFixed(),
    qty_step: p.qtyStep.toFixed(),
    max_position_qty: p.maxPositionQty.toFixed(),
    tiers: tierViews(p.tierRows),
    tradable: isTradable(p),
    market_open: open,
    opens_at: nextOpen(p.inst.kind, now)?.toISOString() ?? null,
    price: tick ? new Dec(tick.price).toFixed() : null,
    price_at: tick ? tick.at.toISOString() : null,
    source: p.inst.source,
    is_demo: p.inst.source === 'simulated' || p.row.is_demo,
  };
}
