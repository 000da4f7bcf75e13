import { describe, expect, it } from 'vitest';
import { amountProblem } from './amount';

describe('amountProblem', () => {
  it('passes an amount the server takes and tells why it refuses the others', () => {
    expect(amountProblem('12.5', 6)).toBeNull();
    expect(amountProblem(' 1.500000000 ', 6)).toBeNull();
    expect(amountProblem('', 6)).toBe('Enter an amount.');
    expect(amountProblem('1e3', 6)).toBe('Enter a plain decimal number, like 12.5.');
    expect(amountProblem('1.1234567', 6)).toBe('At most 6 decimal places.');
    expect(amountProblem('1.5', 0)).toBe('Whole units only.');
    expect(amountProblem('0', 6)).toBe('The amount must be more than 0.');
    expect(amountProblem('-3', 6)).toBe('The amount must be more than 0.');
  });
});
