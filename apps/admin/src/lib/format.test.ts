import { describe, expect, it } from 'vitest';
import { amountSign, formatAmount, formatSignedAmount, isZeroAmount, sumAmounts } from './format';

describe('console amount display', () => {
  it('groups thousands and drops trailing zeros without losing digits', () => {
    expect(formatAmount('11000')).toBe('11,000');
    expect(formatAmount('-1234567.890000', 6)).toBe('-1,234,567.89');
    expect(formatAmount('0.000000000000000001', 18)).toBe('0.000000000000000001');
    expect(formatAmount('123456789012345678901234567890.5')).toBe('123,456,789,012,345,678,901,234,567,890.5');
  });

  it('shows malformed figures as they came instead of hiding them', () => {
    expect(formatAmount('1e3')).toBe('1e3');
    expect(formatAmount('')).toBe('—');
    expect(formatAmount(null)).toBe('—');
  });

  it('keeps more digits than the currency scale visible', () => {
    expect(formatAmount('1.1234567', 6)).toBe('1.1234567');
  });

  it('signs and zero checks are exact', () => {
    expect(formatSignedAmount('5')).toBe('+5');
    expect(formatSignedAmount('-5')).toBe('-5');
    expect(amountSign('-0.000000000000000001')).toBe(-1);
    expect(isZeroAmount('0.000')).toBe(true);
    expect(isZeroAmount('-0')).toBe(true);
    expect(isZeroAmount('0.000000000000000001')).toBe(false);
  });

  it('sums postings exactly across scales', () => {
    expect(sumAmounts(['-1000', '1000'])).toBe('0');
    expect(sumAmounts(['0.1', '0.2', '-0.3'])).toBe('0');
    expect(sumAmounts(['-0.5', '0.499999999999999999'])).toBe('-0.000000000000000001');
    expect(sumAmounts(['1', 'x'])).toBeNull();
  });
});
