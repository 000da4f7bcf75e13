import { describe, expect, it } from 'vitest';
import { truncateDecimal } from './decimalString';

describe('truncateDecimal', () => {
  it('truncates and trims trailing zeros', () => {
    expect(truncateDecimal('7.123456', 4)).toBe('7.1234');
    expect(truncateDecimal('7.99999', 4)).toBe('7.9999');
    expect(truncateDecimal('1.50', 4)).toBe('1.5');
    expect(truncateDecimal('25400.0000', 4)).toBe('25400');
    expect(truncateDecimal('1', 4)).toBe('1');
  });

  it('normalises leading zeros and signs', () => {
    expect(truncateDecimal('007.5', 2)).toBe('7.5');
    expect(truncateDecimal('.25', 4)).toBe('0.25');
    expect(truncateDecimal('-0.00001', 4)).toBe('0');
    expect(truncateDecimal('-3.25', 1)).toBe('-3.2');
  });

  it('rejects what is not a plain decimal', () => {
    expect(truncateDecimal('1e5', 2)).toBeNull();
    expect(truncateDecimal('abc', 2)).toBeNull();
    expect(truncateDecimal('', 2)).toBeNull();
    expect(truncateDecimal('.', 2)).toBeNull();
  });
});
