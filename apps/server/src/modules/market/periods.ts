/** Kline periods and the start of the candle a moment falls into (all in UTC). */
export const PERIODS = ['1min', '5min', '15min', '30min', '1h', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

const MINUTE = 60_000;
const FIXED_MS: Partial<Record<Period, number>> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '1day': 1440 * MINUTE,
};

/** Names clients use for the same periods (huobi-style and newer API). */
const ALIASES: Record<string, Period> = {
  '1m': '1min',
  '5m': '5min',
  '15m': '15min',
  '30m': '30min',
  '60min': '1h',
  '1hour': '1h',
  '60m': '1h',
  '1d': '1day',
  day: '1day',
  '1w': '1week',
  week: '1week',
  '1M': '1mon',
  '1month': '1mon',
  month: '1mon',
};

export function parsePeriod(value: string): Period | null {
  if ((PERIODS as readonly string[]).includes(value)) return value as Period;
  return ALIASES[value] ?? ALIASES[value.toLowerCase()] ?? null;
}

/** Start (ms) of the candle of `period` that contains `ms`. Weeks start on Monday. */
export function bucketStart(period: Period, ms: number): number {
  const fixed = FIXED_MS[period];
  if (fixed) return Math.floor(ms / fixed) * fixed;
  const d = new Date(ms);
  if (period === '1week') {
    const day = Math.floor(ms / 86_400_000) * 86_400_000;
    const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
    return day - weekday * 86_400_000;
  }
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Start of the candle after the one starting at `start`. */
export function nextBucket(period: Period, start: number): number {
  const fixed = FIXED_MS[period];
  if (fixed) return start + fixed;
  if (period === '1week') return start + 7 * 86_400_000;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Approximate length of a period in ms (window sizes, default ranges). */
export function periodMs(period: Period): number {
  return FIXED_MS[period] ?? (period === '1week' ? 7 * 86_400_000 : 30 * 86_400_000);
}
