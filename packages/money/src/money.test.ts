import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountFormatError, compactNumber, convertUnits, formatPercent, formatPrice, formatUnits, formatUnitsFixed, parseUnits } from './index';

describe('amounts in base units', () => {
  it('parses decimal strings exactly', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n);
    expect(parseUnits('0.00000001', 8)).toBe(1n);
    expect(parseUnits('.5', 2)).toBe(50n);
    expect(parseUnits('  12 ', 0)).toBe(12n);
    expect(parseUnits('-3.25', 2)).toBe(-325n);
    expect(parseUnits('123456789012345678901234567890.123456789012345678', 18)).toBe(123456789012345678901234567890123456789012345678n);
  });

  it('rejects malformed input and excess precision unless a rounding direction is given', () => {
    for (const bad of ['', 'abc', '1e5', '1,5', '--1', '1.2.3', 'Infinity', 'NaN', '0x10']) {
      expect(() => parseUnits(bad, 6)).toThrow(AmountFormatError);
    }
    expect(() => parseUnits('1.0000001', 6)).toThrow(/precision/);
    expect(parseUnits('1.0000000', 6)).toBe(1_000_000n);
    expect(parseUnits('1.0000009', 6, 'down')).toBe(1_000_000n);
    expect(parseUnits('1.0000001', 6, 'up')).toBe(1_000_001n);
  });

  it('formats without trailing zeros, and truncates fixed places', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(0n, 18)).toBe('0');
    expect(formatUnits(-1n, 8)).toBe('-0.00000001');
    expect(formatUnits(42n, 0)).toBe('42');
    expect(formatUnitsFixed(1_999_999n, 6, 2)).toBe('1.99');
  });

  it('round-trips any amount at any scale (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (units, decimals) => {
        expect(parseUnits(formatUnits(units, decimals), decimals)).toBe(units);
      }),
      { numRuns: 2000 },
    );
  });

  it('converts with an exact rate and a stated rounding direction', () => {
    // 1.5 BTC at 65,432.10 USDT = 98,148.15 USDT (6 decimals)
    expect(convertUnits(150_000_000n, 8, '65432.10', 6, 'down')).toBe(98_148_150_000n);
    // one third: credits round down, debits round up
    expect(convertUnits(1_000_000n, 6, '0.333333333', 6, 'down')).toBe(333_333n);
    expect(convertUnits(1_000_000n, 6, '0.3333334', 6, 'up')).toBe(333_334n);
  });
});

describe('display', () => {
  it('uses K above 1,000 and M above 1,000,000 with one decimal, else 4 decimals', () => {
    expect(compactNumber('999.12345')).toBe('999.1234');
    expect(compactNumber('1000')).toBe('1000.0000');
    expect(compactNumber('1500')).toBe('1.5K');
    expect(compactNumber('2500000')).toBe('2.5M');
    expect(compactNumber('-1234')).toBe('-1.2K');
    expect(compactNumber('')).toBe('--');
    expect(compactNumber('abc')).toBe('--');
  });

  it('shows prices with 2 decimals and signed percentages', () => {
    expect(formatPrice('65432.105')).toBe('65432.11');
    expect(formatPrice('0.1')).toBe('0.10');
    expect(formatPercent('1.234')).toBe('+1.23%');
    expect(formatPercent('-0.5')).toBe('-0.50%');
    expect(formatPercent('0')).toBe('0.00%');
  });
});
