import { describe, expect, it } from 'vitest';
import { COPY_SKIP_REASONS, FOLLOW_PERIODS, FOLLOW_SORTS, type Follow } from '@bourse/contract';
import {
  activeFirst,
  checkFollowForm,
  followBody,
  followSummary,
  initials,
  navSeries,
  parsePeriod,
  parseSort,
  parseTraderId,
  PERIODS,
  SORTS,
  skipReasonKey,
  stopReasonKey,
  type FollowForm,
} from './lib';

const form = (patch: Partial<FollowForm> = {}): FollowForm => ({
  mode: 'amount',
  number: '100',
  maxPerCopy: '500',
  stopLoss: '',
  ...patch,
});
const fields = (f: FollowForm) => checkFollowForm(f).map((p) => `${p.field}:${p.key}`);

describe("the contract's lists", () => {
  it("periods and sorts are the contract's, in its order; every skip reason has its own message", () => {
    expect(PERIODS).toEqual([...FOLLOW_PERIODS]);
    expect(SORTS).toEqual([...FOLLOW_SORTS]);
    for (const r of COPY_SKIP_REASONS) expect(skipReasonKey(r)).toBe(`follow.skip.${r}`);
  });
});

describe('URL parameters', () => {
  it('reads the period (7, 30, 90; else 30) and the sort (else ROI)', () => {
    expect(parsePeriod('7')).toBe(7);
    expect(parsePeriod('90')).toBe(90);
    expect(parsePeriod('14')).toBe(30);
    expect(parsePeriod(null)).toBe(30);
    expect(parseSort('win_rate')).toBe('win_rate');
    expect(parseSort('volume')).toBe('roi');
    expect(parseSort(null)).toBe('roi');
  });

  it('reads a trader id as a positive int4, else null', () => {
    expect(parseTraderId('12')).toBe(12);
    expect(parseTraderId('0')).toBeNull();
    expect(parseTraderId('-3')).toBeNull();
    expect(parseTraderId('1e3')).toBeNull();
    expect(parseTraderId('2147483648')).toBeNull();
    expect(parseTraderId(null)).toBeNull();
  });
});

describe('checkFollowForm', () => {
  it('accepts a fixed amount within 10 – 200,000 USDT and a cap not below it', () => {
    expect(fields(form())).toEqual([]);
    expect(fields(form({ number: '10', maxPerCopy: '10' }))).toEqual([]);
    expect(fields(form({ number: '200000', maxPerCopy: '200000' }))).toEqual([]);
  });

  it('refuses an amount out of bounds, with too many places, or missing', () => {
    expect(fields(form({ number: '9.99' }))).toEqual(['number:validate.min']);
    expect(fields(form({ number: '200000.01', maxPerCopy: '200000' }))).toEqual(['number:validate.max']);
    expect(fields(form({ number: '10.001' }))).toEqual(['number:validate.decimals']);
    expect(fields(form({ number: '' }))).toEqual(['number:validate.enterAmount']);
    expect(fields(form({ number: 'abc' }))).toEqual(['number:validate.invalidAmount']);
  });

  it('refuses a cap below the fixed amount (compared exactly), but not in ratio mode', () => {
    expect(fields(form({ number: '100', maxPerCopy: '99.99' }))).toEqual([
      'maxPerCopy:follow.form.maxBelowAmount',
    ]);
    expect(fields(form({ number: '100.5', maxPerCopy: '100.5' }))).toEqual([]);
    expect(fields(form({ mode: 'ratio', number: '2', maxPerCopy: '10' }))).toEqual([]);
  });

  it('checks a ratio within 0.01 – 10', () => {
    expect(fields(form({ mode: 'ratio', number: '0.01' }))).toEqual([]);
    expect(fields(form({ mode: 'ratio', number: '10' }))).toEqual([]);
    expect(fields(form({ mode: 'ratio', number: '0.009' }))).toEqual(['number:validate.decimals']);
    expect(fields(form({ mode: 'ratio', number: '10.5' }))).toEqual(['number:validate.max']);
  });

  it('requires the cap within 10 – 200,000 USDT, and checks the stop-loss only when given', () => {
    expect(fields(form({ maxPerCopy: '' }))).toEqual(['maxPerCopy:validate.enterAmount']);
    expect(fields(form({ mode: 'ratio', number: '1', maxPerCopy: '9' }))).toEqual([
      'maxPerCopy:validate.min',
    ]);
    expect(fields(form({ maxPerCopy: '200001' }))).toEqual(['maxPerCopy:validate.max']);
    expect(fields(form({ stopLoss: '  ' }))).toEqual([]);
    expect(fields(form({ stopLoss: '0' }))).toEqual(['stopLoss:validate.positive']);
    expect(fields(form({ stopLoss: '50.5' }))).toEqual([]);
  });
});

describe('followBody', () => {
  it('sends type 1 or 2 with the typed text trimmed, and no stop-loss when empty', () => {
    expect(followBody(7, form({ number: ' 100 ', maxPerCopy: '500 ' }))).toEqual({
      trader_user_id: 7,
      type: 1,
      number: '100',
      max_per_copy: '500',
    });
    expect(followBody(7, form({ mode: 'ratio', number: '1.5', stopLoss: ' 80 ' }))).toEqual({
      trader_user_id: 7,
      type: 2,
      number: '1.5',
      max_per_copy: '500',
      stop_loss: '80',
    });
  });
});

describe('followSummary', () => {
  it('says how copies are sized, what is copied or skipped, the stop-loss and the share', () => {
    const keys = followSummary(form(), 'Ann', '10.00%').map(([k]) => k);
    expect(keys).toEqual([
      'follow.summary.sizeAmount',
      'follow.summary.same',
      'follow.summary.quantity',
      'follow.summary.skipped',
      'follow.summary.onlyNew',
      'follow.summary.closes',
      'follow.summary.noStopLoss',
      'follow.summary.share',
    ]);
    const ratio = followSummary(form({ mode: 'ratio', number: '2', stopLoss: '30' }), 'Ann', '10.00%');
    expect(ratio[0]).toEqual(['follow.summary.sizeRatio', { number: '2', max: '500' }]);
    expect(ratio).toContainEqual(['follow.summary.stopLoss', { amount: '30' }]);
    expect(ratio).toContainEqual(['follow.summary.share', { rate: '10.00%' }]);
    expect(ratio).toContainEqual(['follow.summary.closes', { nickname: 'Ann' }]);
  });
});

describe('reasons', () => {
  it('translates every skip reason of the contract; an unknown one reads as failed', () => {
    expect(skipReasonKey('insufficient_balance')).toBe('follow.skip.insufficient_balance');
    expect(skipReasonKey('market_closed')).toBe('follow.skip.market_closed');
    expect(skipReasonKey('something_new')).toBe('follow.skip.failed');
    expect(skipReasonKey(null)).toBe('follow.skip.failed');
  });

  it('names why a follow stopped', () => {
    expect(stopReasonKey('user')).toBe('follow.stopReason.user');
    expect(stopReasonKey('stop_loss')).toBe('follow.stopReason.stop_loss');
    expect(stopReasonKey('trader_suspended')).toBe('follow.stopReason.suspended');
    expect(stopReasonKey('other thing')).toBe('follow.stopReason.other');
    expect(stopReasonKey(null)).toBe('follow.stopReason.other');
  });
});

describe('activeFirst', () => {
  it('puts active follows first and keeps the order within each group', () => {
    const f = (id: string, status: Follow['status']) => ({ id, status });
    expect(
      activeFirst([f('a', 'stopped'), f('b', 'active'), f('c', 'stopped'), f('d', 'active')]).map(
        (x) => x.id,
      ),
    ).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('navSeries', () => {
  it('sorts by time, keeps the last value of a repeated second and drops unreadable points', () => {
    expect(
      navSeries([
        { time: 300, value: '1.2' },
        { time: 100, value: '1' },
        { time: 200, value: '0.9' },
        { time: 200, value: '0.95' },
        { time: 400, value: 'x' },
        { time: 1.5, value: '1' },
      ]),
    ).toEqual([
      { time: 100, value: 1 },
      { time: 200, value: 0.95 },
      { time: 300, value: 1.2 },
    ]);
    expect(navSeries([])).toEqual([]);
  });
});

describe('initials', () => {
  it('gives the first character, upper-cased', () => {
    expect(initials('alice')).toBe('A');
    expect(initials('  张三')).toBe('张');
    expect(initials('')).toBe('?');
  });
});
