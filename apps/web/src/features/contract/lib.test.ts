import { describe, expect, it } from 'vitest';
import { liveResult, secondsLeft } from './lib';

const order = { number: '100', expected_profit: '73.5', open_price: '90000.12' };

describe('liveResult', () => {
  it('wins Up above the open price and Down below it, with the expected net profit', () => {
    expect(liveResult({ ...order, direction: 'up' }, '90000.13')).toEqual({ outcome: 'won', profit: '73.5' });
    expect(liveResult({ ...order, direction: 'down' }, '89999.99')).toEqual({ outcome: 'won', profit: '73.5' });
  });

  it('loses the stake the other way, and an equal price is a draw', () => {
    expect(liveResult({ ...order, direction: 'up' }, '90000.11')).toEqual({ outcome: 'lost', profit: '-100' });
    expect(liveResult({ ...order, direction: 'down' }, '90000.2')).toEqual({ outcome: 'lost', profit: '-100' });
    // Same price written differently is still equal (exact comparison, not strings).
    expect(liveResult({ ...order, direction: 'up' }, '90000.120')).toEqual({ outcome: 'tie', profit: '0' });
  });

  it('has nothing to say without a price', () => {
    expect(liveResult({ ...order, direction: 'up' }, undefined)).toBeNull();
    expect(liveResult({ ...order, direction: 'up' }, 'n/a')).toBeNull();
  });
});

describe('secondsLeft', () => {
  it('counts whole seconds up, and stops at 0', () => {
    const at = Date.parse('2026-01-01T00:00:10.000Z');
    expect(secondsLeft('2026-01-01T00:00:10.000Z', at - 9_001)).toBe(10);
    expect(secondsLeft('2026-01-01T00:00:10.000Z', at - 1)).toBe(1);
    expect(secondsLeft('2026-01-01T00:00:10.000Z', at + 5)).toBe(0);
  });
});
