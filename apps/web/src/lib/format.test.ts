import { describe, expect, it } from 'vitest';
import { formatAmount, formatDeduction } from './format';

describe('formatAmount', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatAmount('10000')).toBe('10,000.00');
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
  });

  it('truncates to the currency decimals and never rounds up', () => {
    expect(formatAmount('0.123456789', 6)).toBe('0.123456');
    expect(formatAmount('1.999999999', 8)).toBe('1.99999999');
    expect(formatAmount('2.5', 0)).toBe('2');
  });

  it('removes trailing zeros beyond two decimals', () => {
    expect(formatAmount('3.14000000', 8)).toBe('3.14');
    expect(formatAmount('0.00010000', 8)).toBe('0.0001');
  });

  it('keeps exactness beyond float precision', () => {
    expect(formatAmount('90071992547409931.12345678', 8)).toBe('90,071,992,547,409,931.12345678');
  });

  it('handles negatives and bad input', () => {
    expect(formatAmount('-1234.5')).toBe('-1,234.50');
    expect(formatAmount('-0.5')).toBe('-0.50');
    expect(formatAmount('abc')).toBe('--');
    expect(formatAmount('')).toBe('--');
    expect(formatAmount(undefined)).toBe('--');
  });
});

describe('formatDeduction', () => {
  it('signs a deduction and shows nothing deducted as a plain zero', () => {
    expect(formatDeduction('10', 6)).toBe('-10.00');
    expect(formatDeduction('0.000001', 6)).toBe('-0.000001');
    expect(formatDeduction('0', 6)).toBe('0.00');
    // Below the shown places: nothing shows as deducted, so no sign either.
    expect(formatDeduction('0.000000001', 18)).toBe('0.00');
    expect(formatDeduction('', 6)).toBe('--');
  });
});
