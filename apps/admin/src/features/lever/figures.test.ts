import { describe, expect, it } from 'vitest';
import {
  formatRate,
  leveragesLiquidatingAtOnce,
  leveragesProblem,
  netQuantity,
  opposite,
  parseLeverages,
  previewTiers,
  productEligibility,
  quantityProblem,
  rateProblem,
  sizeProblem,
} from './figures';

describe('leverage console: tier preview', () => {
  it('derives cum so the maintenance margin is continuous at every bound', () => {
    const p = previewTiers([
      { max_notional: '50000', mmr: '0.005' },
      { max_notional: '250000', mmr: '0.01' },
      { max_notional: '1000000', mmr: '0.025' },
      { max_notional: 'ignored on the last row', mmr: '0.05' },
    ]);
    expect(p.ok).toBe(true);
    // cum₂ = 50000·(0.01 − 0.005) = 250; cum₃ = 250 + 250000·0.015 = 4000; cum₄ = 4000 + 1000000·0.025 = 29000
    expect(p.rows.map((r) => r.cum)).toEqual(['0', '250', '4000', '29000']);
    expect(p.rows.map((r) => r.max_notional)).toEqual(['50000', '250000', '1000000', null]);
  });

  it('is exact with long fractions', () => {
    const p = previewTiers([{ max_notional: '0.3', mmr: '0.1' }, { mmr: '0.2' }]);
    expect(p.rows[1]!.cum).toBe('0.03');
  });

  it('one unbounded tier has cum 0', () => {
    expect(previewTiers([{ max_notional: null, mmr: '0.01' }]).rows[0]).toMatchObject({
      max_notional: null,
      cum: '0',
      boundProblem: null,
    });
  });

  it('flags bounds that do not ascend, missing bounds and bad rates, and stops deriving at the first bad row', () => {
    const p = previewTiers([
      { max_notional: '1000', mmr: '0.01' },
      { max_notional: '1000', mmr: '0.02' },
      { max_notional: '', mmr: '0.03' },
      { mmr: '1.5' },
    ]);
    expect(p.ok).toBe(false);
    expect(p.rows[0]).toMatchObject({ cum: '0', boundProblem: null, mmrProblem: null });
    expect(p.rows[1]!.boundProblem).toMatch(/above the previous tier's bound \(1000\)/);
    expect(p.rows[1]!.cum).toBeNull();
    expect(p.rows[2]!.boundProblem).toMatch(/only the last tier/);
    expect(p.rows[3]!.mmrProblem).toMatch(/below 1/);
    expect(p.rows.slice(1).every((r) => r.cum === null)).toBe(true);
  });

  it('refuses a zero rate and a rate below the previous tier', () => {
    const p = previewTiers([
      { max_notional: '10', mmr: '0' },
      { max_notional: '20', mmr: '0.02' },
      { mmr: '0.01' },
    ]);
    expect(p.rows[0]!.mmrProblem).toMatch(/more than 0/);
    expect(p.rows[2]!.mmrProblem).toMatch(/previous tier's rate \(0.02\)/);
    expect(previewTiers([{ max_notional: '10', mmr: '0.02' }, { mmr: '0.02' }]).ok).toBe(true);
  });

  it('an empty table cannot be sent', () => {
    expect(previewTiers([]).ok).toBe(false);
  });
});

describe('leverage console: fields', () => {
  it('accepts rates and quantities as the contract does', () => {
    expect(rateProblem('0.0006')).toBeNull();
    expect(rateProblem('0')).toBeNull();
    expect(rateProblem('1')).not.toBeNull();
    expect(rateProblem('0.123456789')).not.toBeNull();
    expect(rateProblem('')).not.toBeNull();
    expect(quantityProblem('0.001')).toBeNull();
    expect(quantityProblem('0')).toMatch(/more than 0/);
    expect(quantityProblem('0', false)).toBeNull();
    expect(quantityProblem('1e3')).not.toBeNull();
    expect(quantityProblem('-1')).not.toBeNull();
  });

  it('shows rates as exact percentages', () => {
    expect(formatRate('0.0006')).toBe('0.06 %');
    expect(formatRate('0.005')).toBe('0.5 %');
    expect(formatRate('0.12345678')).toBe('12.345678 %');
    expect(formatRate('')).toBe('—');
  });

  it('reads leverages typed as tags', () => {
    expect(parseLeverages(['20', 10, '×5', '50x', '10'])).toEqual([5, 10, 20, 50]);
    expect(parseLeverages(['ten'])).toBeNull();
    expect(parseLeverages(['1.5'])).toBeNull();
    expect(leveragesProblem([])).toMatch(/at least one/);
    expect(leveragesProblem([1, 250])).toMatch(/250/);
    expect(leveragesProblem([1, 10, 100])).toBeNull();
  });

  it('names the leverages whose initial margin is at or below the first tier rate', () => {
    expect(leveragesLiquidatingAtOnce([10, 100, 200, 125], '0.008')).toEqual([200, 125]);
    expect(leveragesLiquidatingAtOnce([100], '0.01')).toEqual([100]);
    expect(leveragesLiquidatingAtOnce([100], 'bad')).toEqual([]);
  });
});

describe('leverage console: exposure', () => {
  it("shows the house's side as the exact opposite of the users'", () => {
    expect(opposite('123.45')).toBe('-123.45');
    expect(opposite('-0.000000000000000001')).toBe('0.000000000000000001');
    expect(opposite('0')).toBe('0');
    expect(opposite(null)).toBeNull();
  });

  it('nets long and short quantities exactly', () => {
    expect(netQuantity('1.5', '2.25')).toBe('-0.75');
    expect(netQuantity('0.1', '0.1')).toBe('0');
    expect(netQuantity('x', '1')).toBeNull();
  });
});

describe('leverage console: product rules the server applies', () => {
  it('checks min, step and position limit together', () => {
    expect(sizeProblem('0.001', '0.001', '100', 3)).toBeNull();
    expect(sizeProblem('0.0015', '0.001', '100', 4)).toMatch(/minimum quantity must be a multiple/);
    expect(sizeProblem('0.001', '0.001', '0.0005', 4)).toMatch(/at least the minimum/);
    expect(sizeProblem('0.002', '0.002', '1.001', 4)).toMatch(/limit must be a multiple/);
    expect(sizeProblem('0.0001', '0.0001', '1', 3)).toMatch(/precision \(3\)/);
    expect(sizeProblem('', '0.001', '1', 3)).toBeNull();
  });

  it('derives the settlement of a new product or says why there is none', () => {
    expect(productEligibility({ kind: 'spot', base: 'BTC', quote: 'USDT' })).toEqual({
      settlement: 'linear',
    });
    expect(productEligibility({ kind: 'forex', base: 'USD', quote: 'JPY' })).toEqual({
      settlement: 'quote_inverse',
    });
    expect(productEligibility({ kind: 'forex', base: 'XAU', quote: 'USD' })).toEqual({
      settlement: 'linear',
    });
    expect(productEligibility({ kind: 'forex', base: 'EUR', quote: 'GBP' })).toHaveProperty('reason');
    expect(productEligibility({ kind: 'spot', base: 'ETH', quote: 'BTC' })).toHaveProperty('reason');
  });
});
