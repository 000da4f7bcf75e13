/**
 * Relative time: under 300 s "just now", then minutes, hours, days up to 30 days,
 * then the date. Timestamps of length 10 are seconds, otherwise milliseconds.
 */

export type RelativeTimeKey = 'time.justNow' | 'time.minutesAgo' | 'time.hoursAgo' | 'time.daysAgo';
export type RelativeTimeTranslate = (key: RelativeTimeKey, options?: { count: number }) => string;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const JUST_NOW_MS = 300 * SECOND;
const MAX_RELATIVE_MS = 30 * DAY;

/** Converts a timestamp (seconds if 10 digits, else milliseconds, or a date string) to ms. */
export function toMillis(value: number | string): number | null {
  const text = String(value).trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return text.length === 10 ? n * SECOND : n;
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Local calendar date as YYYY-MM-DD (unambiguous in every UI language). */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local date and time as YYYY-MM-DD HH:mm. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function relativeTime(
  timestamp: number | string,
  t: RelativeTimeTranslate,
  now: number = Date.now(),
): string {
  const ms = toMillis(timestamp);
  if (ms === null) return '--';
  const diff = now - ms;
  // Slight clock skew (a timestamp a little in the future) still reads "just now".
  if (diff < JUST_NOW_MS && diff > -JUST_NOW_MS) return t('time.justNow');
  if (diff < 0 || diff >= MAX_RELATIVE_MS) return formatDate(ms);
  if (diff < HOUR) return t('time.minutesAgo', { count: Math.floor(diff / MINUTE) });
  if (diff < DAY) return t('time.hoursAgo', { count: Math.floor(diff / HOUR) });
  return t('time.daysAgo', { count: Math.floor(diff / DAY) });
}
