import { describe, expect, it } from 'vitest';
import { formatDate, relativeTime, toMillis, type RelativeTimeTranslate } from './time';

const t: RelativeTimeTranslate = (key, options) => (options ? `${key}:${options.count}` : key);
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => NOW - ms;
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  it('says just now under 300 seconds', () => {
    expect(relativeTime(NOW, t, NOW)).toBe('time.justNow');
    expect(relativeTime(ago(299 * S), t, NOW)).toBe('time.justNow');
  });

  it('switches to minutes at 300 seconds', () => {
    expect(relativeTime(ago(300 * S), t, NOW)).toBe('time.minutesAgo:5');
    expect(relativeTime(ago(59 * M + 59 * S), t, NOW)).toBe('time.minutesAgo:59');
  });

  it('uses hours from one hour to a day', () => {
    expect(relativeTime(ago(H), t, NOW)).toBe('time.hoursAgo:1');
    expect(relativeTime(ago(23 * H + 59 * M), t, NOW)).toBe('time.hoursAgo:23');
  });

  it('uses days up to 30 days', () => {
    expect(relativeTime(ago(D), t, NOW)).toBe('time.daysAgo:1');
    expect(relativeTime(ago(29 * D + 23 * H), t, NOW)).toBe('time.daysAgo:29');
  });

  it('shows the date from 30 days on', () => {
    const ts = ago(30 * D);
    expect(relativeTime(ts, t, NOW)).toBe(formatDate(ts));
    expect(relativeTime(ts, t, NOW)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('treats 10-digit timestamps as seconds', () => {
    const seconds = Math.floor(ago(2 * H) / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(relativeTime(seconds, t, NOW)).toBe('time.hoursAgo:2');
    expect(relativeTime(String(seconds), t, NOW)).toBe('time.hoursAgo:2');
  });

  it('treats 13-digit timestamps as milliseconds', () => {
    expect(relativeTime(String(ago(3 * D)), t, NOW)).toBe('time.daysAgo:3');
  });

  it('shows a date for timestamps far in the future and -- for garbage', () => {
    const future = NOW + 2 * D;
    expect(relativeTime(future, t, NOW)).toBe(formatDate(future));
    expect(relativeTime('not a date', t, NOW)).toBe('--');
  });
});

describe('toMillis', () => {
  it('parses ISO strings', () => {
    expect(toMillis('2026-11-22T12:00:00Z')).toBe(NOW);
  });
});
