/**
 * Display helpers. Amounts stay decimal strings / bigint base units end to end
 * (@bourse/money); they never pass through a JavaScript number.
 */
import { formatUnits, parseUnits } from '@bourse/money';

const DECIMAL_RE = /^-?\d+(?:\.\d+)?$/;

function fractionLength(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Parses a wire amount exactly at its own scale; null when it is not a plain decimal string. */
export function toUnits(value: string): { units: bigint; scale: number } | null {
  const text = value.trim();
  if (!DECIMAL_RE.test(text)) return null;
  const scale = fractionLength(text);
  return { units: parseUnits(text, scale), scale };
}

/**
 * Formats a decimal-string amount with thousands separators and without trailing zeros.
 * With `decimals` the value is checked against the currency's scale; anything that is not a
 * plain decimal string is shown as it came, so a malformed figure is visible, not hidden.
 */
export function formatAmount(value: string | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || value === '') return '—';
  const parsed = toUnits(value);
  if (!parsed) return value;
  const scale = decimals !== undefined && decimals >= parsed.scale ? decimals : parsed.scale;
  const units = scale === parsed.scale ? parsed.units : parseUnits(value.trim(), scale);
  const text = formatUnits(units, scale);
  const negative = text.startsWith('-');
  const [whole = '0', frac] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${groupThousands(whole)}${frac ? `.${frac}` : ''}`;
}

/** As formatAmount, with an explicit "+" on positive values (journal postings). */
export function formatSignedAmount(value: string, decimals?: number): string {
  const formatted = formatAmount(value, decimals);
  return amountSign(value) > 0 ? `+${formatted}` : formatted;
}

/** -1, 0 or 1; 0 also for values that are not decimal strings. */
export function amountSign(value: string | null | undefined): -1 | 0 | 1 {
  if (!value) return 0;
  const parsed = toUnits(value);
  if (!parsed || parsed.units === 0n) return 0;
  return parsed.units > 0n ? 1 : -1;
}

export function isZeroAmount(value: string | null | undefined): boolean {
  if (!value) return false;
  const parsed = toUnits(value);
  return parsed !== null && parsed.units === 0n;
}

/** Exact sum of decimal strings; null when one of them is not a decimal string. */
export function sumAmounts(values: readonly string[]): string | null {
  const parsed = values.map(toUnits);
  if (parsed.some((p) => p === null)) return null;
  const scale = Math.max(0, ...parsed.map((p) => p?.scale ?? 0));
  let total = 0n;
  for (const value of values) total += parseUnits(value.trim(), scale);
  return formatUnits(total, scale);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2026-11-22 14:03:09" in the operator's local time; the input as-is when it is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** "just now", "3 min ago", "2 h ago", "5 days ago". */
export function timeAgo(value: string | null | undefined, now = Date.now()): string {
  if (!value) return '—';
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return value;
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** Pretty JSON for audit before/after values. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  try {
    return JSON.stringify(value, null, 2) ?? typeof value;
  } catch {
    return '(cannot be shown)';
  }
}
