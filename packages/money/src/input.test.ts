import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits, parseAmountInput, parseUnits } from './index';

const reason = (text: string | null | undefined, places: number, max?: bigint) => {
  const r = parseAmountInput(text, places, { max });
  return r.ok ? r.units : r.reason;
};

describe('parseAmountInput', () => {
  it('reads plain decimals exactly, spaces around them ignored', () => {
    expect(reason('12.5', 6)).toBe(12_500_000n);
    expect(reason('  7 ', 2)).toBe(700n);
    expect(reason('.5', 2)).toBe(50n);
    expect(reason('5.', 2)).toBe(500n);
    expect(reason('0.00000001', 8)).toBe(1n);
    expect(reason('123456789012345678901234567890.123456789012345678', 18)).toBe(
      123456789012345678901234567890123456789012345678n,
    );
  });

  it('refuses an empty field', () => {
    for (const empty of ['', '   ', null, undefined]) expect(reason(empty, 6)).toBe('empty');
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['abc', '1e3', '1,5', '1.2.3', '.', '-', '--1', '+5', '0x10', 'Infinity', 'NaN', '1 000', '١٢']) {
      expect(reason(bad, 6), bad).toBe('not_a_number');
    }
  });

  it('refuses more places than allowed, but not trailing zeros', () => {
    expect(reason('1.1234567', 6)).toBe('too_many_places');
    expect(reason('0.123456789', 8)).toBe('too_many_places');
    expect(reason('1.5', 0)).toBe('too_many_places');
    expect(reason('1.500000000', 6)).toBe(1_500_000n);
    expect(reason('3.0', 0)).toBe(3n);
  });

  it('refuses zero and negative amounts as not positive', () => {
    for (const z of ['0', '0.000', '.0', '-0', '-5', '-0.5']) expect(reason(z, 6), z).toBe('not_positive');
    // Too many places is told before the sign.
    expect(reason('-1.1234567', 6)).toBe('too_many_places');
  });

  it('refuses an amount above the given maximum, the maximum itself passes', () => {
    expect(reason('100', 2, 10_000n)).toBe(10_000n);
    expect(reason('100.01', 2, 10_000n)).toBe('too_large');
    expect(reason('1e50', 2, 10_000n)).toBe('not_a_number');
  });

  it('agrees with parseUnits and formatUnits on every positive amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (units, places) => {
        const text = formatUnits(units, places);
        const r = parseAmountInput(` ${text} `, places);
        expect(r).toEqual({ ok: true, units });
        expect(parseUnits(text, places)).toBe(units);
      }),
    );
  });
});
