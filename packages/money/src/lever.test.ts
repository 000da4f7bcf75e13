/**
 * Properties of the position formulas (docs/product/lever.md) over random markets, tiers,
 * sizes, leverages and prices, for both settlement kinds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from './decimal';
import {
  bankruptcyPrice,
  isLiquidatable,
  liquidationPrice,
  liquidationPriceOnGrid,
  maintenanceMargin,
  marginBalance,
  marginTiers,
  notional,
  upnl,
  type PositionTerms,
} from './lever';

const position = fc
  .record({
    kind: fc.constantFrom('linear' as const, 'quote_inverse' as const),
    s: fc.constantFrom(1 as const, -1 as const),
    places: fc.integer({ min: 0, max: 5 }),
    entryUnits: fc.integer({ min: 1_000, max: 10_000_000 }),
    qtyMilli: fc.integer({ min: 1, max: 5_000_000 }),
    leverage: fc.integer({ min: 1, max: 125 }),
    tierCount: fc.integer({ min: 1, max: 4 }),
    firstMmrBp: fc.integer({ min: 1, max: 200 }),
    mmrSteps: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 3, maxLength: 3 }),
    boundSteps: fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 3, maxLength: 3 }),
  })
  .map((r) => {
    const entry = new Dec(r.entryUnits).div(new Dec(10).pow(r.places));
    const qty = new Dec(r.qtyMilli).div(1000);
    const rows = [];
    let mmr = r.firstMmrBp;
    let bound = 0;
    for (let i = 0; i < r.tierCount; i++) {
      const last = i === r.tierCount - 1;
      if (!last) bound += r.boundSteps[i]!;
      rows.push({ max_notional: last ? null : String(bound), mmr: new Dec(mmr).div(10_000).toFixed() });
      mmr += r.mmrSteps[i]!;
    }
    const tiers = marginTiers(rows);
    const margin = notional(r.kind, qty, entry).div(r.leverage).toDecimalPlaces(6, Dec.ROUND_CEIL);
    const t: PositionTerms = { kind: r.kind, s: r.s, qty, entry, margin, tiers };
    return { t, places: r.places };
  })
  .filter(({ t }) => !isLiquidatable(t, t.entry));

/** A price on the market's grid, from far below to far above the entry. */
const gridPrice = (places: number, entry: Dec) =>
  fc.integer({ min: 1, max: 400 }).map((pct) => {
    const p = entry.mul(pct).div(100).toDecimalPlaces(places, Dec.ROUND_FLOOR);
    return p.gt(0) ? p : new Dec(1).div(new Dec(10).pow(places));
  });

describe('lever formulas', () => {
  it('MB = MM at the exact liquidation price', () => {
    fc.assert(
      fc.property(position, ({ t }) => {
        const lp = liquidationPrice(t);
        if (lp === null) return;
        expect(marginBalance(t, lp).sub(maintenanceMargin(t, lp)).abs().lt('1e-30')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('on the price grid, crossing the liquidation price is exactly MB ≤ MM', () => {
    fc.assert(
      fc.property(
        position.chain((x) =>
          fc.tuple(
            fc.constant(x),
            fc.array(gridPrice(x.places, x.t.entry), { minLength: 10, maxLength: 10 }),
          ),
        ),
        ([{ t, places }, prices]) => {
          const lp = liquidationPriceOnGrid(t, places);
          for (const p of prices) {
            const crossed = lp !== null && (t.s === 1 ? p.lte(lp) : p.gte(lp));
            expect(crossed, `price ${p.toFixed()} LP ${lp?.toFixed()}`).toBe(isLiquidatable(t, p));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the margin balance is zero at the bankruptcy price, and a long and a short mirror each other', () => {
    fc.assert(
      fc.property(position, fc.integer({ min: 1, max: 300 }), ({ t }, pct) => {
        const bp = bankruptcyPrice(t);
        if (bp !== null) expect(marginBalance(t, bp).abs().lt('1e-30')).toBe(true);
        const p = t.entry.mul(pct).div(100);
        const mirror: PositionTerms = { ...t, s: t.s === 1 ? -1 : 1 };
        expect(upnl(t, p).add(upnl(mirror, p)).isZero()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the worked example: 0.1 BTC long at 50,000, 10×, mmr 0.4 %', () => {
    const t: PositionTerms = {
      kind: 'linear',
      s: 1,
      qty: new Dec('0.1'),
      entry: new Dec(50000),
      margin: new Dec(500),
      tiers: marginTiers([{ max_notional: null, mmr: '0.004' }]),
    };
    expect(liquidationPriceOnGrid(t, 2)!.toFixed()).toBe('45180.72');
    expect(bankruptcyPrice(t)!.toFixed()).toBe('45000');
  });
});
