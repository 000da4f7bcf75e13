import { describe, expect, it } from 'vitest';
import { amountForInput, checkAmount } from './amountCheck';

const usdt = { decimals: 6, unit: 'USDT' };

describe('checkAmount', () => {
  it('asks for an amount, a number, and more than 0', () => {
    expect(checkAmount('  ', usdt)?.key).toBe('validate.enterAmount');
    expect(checkAmount('1.2.3', usdt)?.key).toBe('validate.invalidAmount');
    expect(checkAmount('.', usdt)?.key).toBe('validate.invalidAmount');
    expect(checkAmount('1e3', usdt)?.key).toBe('validate.invalidAmount');
    expect(checkAmount('0', usdt)?.key).toBe('validate.positive');
    expect(checkAmount('0.000', usdt)?.key).toBe('validate.positive');
    // A minus sign is read (as on the server): a negative amount is not positive.
    expect(checkAmount('-5', usdt)?.key).toBe('validate.positive');
    expect(checkAmount('12.5', usdt)).toBeNull();
  });

  it('refuses more decimals than the currency shows (8 at most, even for 18-decimal ETH)', () => {
    expect(checkAmount('1.1234567', usdt)).toEqual({ key: 'validate.decimals', values: { unit: 'USDT', places: '6' } });
    expect(checkAmount('0.123456789', { decimals: 18, unit: 'ETH' })?.key).toBe('validate.decimals');
    expect(checkAmount('0.12345678', { decimals: 18, unit: 'ETH' })).toBeNull();
    // Trailing zeros are not extra precision.
    expect(checkAmount('1.500000000', usdt)).toBeNull();
  });

  it('checks the minimum and the maximum exactly, "0" meaning no limit', () => {
    const rules = { ...usdt, min: '10', max: '5000' };
    expect(checkAmount('9.999999', rules)).toEqual({ key: 'validate.min', values: { unit: 'USDT', min: '10' } });
    expect(checkAmount('10', rules)).toBeNull();
    expect(checkAmount('5000', rules)).toBeNull();
    expect(checkAmount('5000.000001', rules)).toEqual({ key: 'validate.max', values: { unit: 'USDT', max: '5,000' } });
    expect(checkAmount('999999', { ...usdt, min: '0', max: '0' })).toBeNull();
  });

  it('checks the available balance exactly, beyond what a float could tell apart', () => {
    const eth = { decimals: 18, unit: 'ETH', available: '0.161111326572165448' };
    expect(checkAmount('0.16111132', eth)).toBeNull();
    expect(checkAmount('0.16111133', eth)).toEqual({ key: 'validate.insufficient', values: { unit: 'ETH', available: '0.16111132' } });
    expect(checkAmount('9007199254740993', { ...usdt, available: '9007199254740992' })?.key).toBe('validate.insufficient');
    expect(checkAmount('1', { ...usdt, available: '0' })?.key).toBe('validate.insufficient');
    // Not loaded: not checked (the server still is).
    expect(checkAmount('1', { ...usdt, available: null })).toBeNull();
  });
});

describe('amountForInput', () => {
  it('cuts a balance to the places the currency shows, plain digits', () => {
    expect(amountForInput('0.161111326572165448', 18)).toBe('0.16111132');
    expect(amountForInput('10100', 6)).toBe('10100');
    expect(amountForInput('12345.500000', 6)).toBe('12345.5');
    expect(amountForInput('0', 6)).toBe('');
    expect(amountForInput('0.000000001', 18)).toBe('');
  });
});
