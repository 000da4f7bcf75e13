/** The API shapes of positions (packages/contract: LeverPosition): amounts in whole units, ratios as fractions. */
import type { LeverPosition } from '@bourse/contract';
import { Dec, formatUnits, liveFigures } from '@bourse/money';
import type { Tick } from '../market';
import { positionTerms } from './close';
import { marketOpen } from '../market';
import { parseTierRows, tierViews, type LeverProduct } from './products';
import type { PositionRow } from './repo';

const units = (v: string | null, decimals: number) => (v === null ? null : formatUnits(BigInt(v), decimals));
const price = (v: string | null) => (v === null ? null : new Dec(v).toFixed());

/** A position; open ones with their figures at `mark` (the latest fresh tick, or null). */
export function positionView(p: LeverProduct, row: PositionRow, mark: Tick | null): LeverPosition {
  const d = p.currency.decimals;
  let live = {
    mark_price: null as string | null,
    upnl: null as string | null,
    roe: null as string | null,
    maintenance_margin: null as string | null,
    margin_ratio: null as string | null,
  };
  if (row.status === 'open' && mark) {
    const f = liveFigures(positionTerms(p, row), new Dec(mark.price));
    live = {
      mark_price: new Dec(mark.price).toFixed(),
      upnl: f.upnl.toDecimalPlaces(d, Dec.ROUND_FLOOR).toFixed(),
      roe: f.roe.toDecimalPlaces(4, Dec.ROUND_FLOOR).toFixed(),
      maintenance_margin: f.mm.toDecimalPlaces(d, Dec.ROUND_CEIL).toFixed(),
      margin_ratio:
        f.marginRatio === null ? null : f.marginRatio.toDecimalPlaces(4, Dec.ROUND_CEIL).toFixed(),
    };
  }
  return {
    id: row.id,
    instrument_id: row.instrument_id,
    symbol: p.inst.symbol,
    group: p.group,
    settlement: row.settlement as LeverPosition['settlement'],
    price_precision: p.inst.price_precision,
    amount_precision: p.inst.amount_precision,
    currency: p.currency.name,
    decimals: d,
    side: row.side === 1 ? 'long' : 'short',
    type: row.side,
    leverage: row.leverage,
    qty: new Dec(row.qty).toFixed(),
    entry_price: new Dec(row.entry_price).toFixed(),
    entry_tick_id: row.entry_tick_id,
    opened_at: row.opened_at.toISOString(),
    margin: formatUnits(BigInt(row.margin), d),
    open_fee: formatUnits(BigInt(row.open_fee), d),
    liq_price: price(row.liq_price),
    bankrupt_price: price(row.bankrupt_price),
    target_profit_price: price(row.tp),
    stop_loss_price: price(row.sl),
    tiers: tierViews(parseTierRows(row.tiers)),
    status: row.status as LeverPosition['status'],
    exit_reason: row.exit_reason as LeverPosition['exit_reason'],
    exit_price: price(row.exit_price),
    exit_tick_id: row.exit_tick_id,
    closed_at: row.closed_at ? row.closed_at.toISOString() : null,
    close_fee: units(row.close_fee, d),
    pnl: units(row.pnl, d),
    credited: units(row.credited, d),
    insurance: units(row.insurance, d),
    shortfall: units(row.shortfall, d),
    ...live,
  };
}

/** A mark that may be used now: fresh, and its market open (a closed FX market shows no live P&L). */
export function usableMark(p: LeverProduct, tick: Tick | null, now: Date): Tick | null {
  return tick && marketOpen(p.inst.kind, now) ? tick : null;
}
