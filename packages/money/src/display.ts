import { Dec } from './decimal';

/**
 * Amounts show at most 8 decimal places (a currency with fewer shows its own). Where the server
 * computes an amount a user is credited (an exchange), it rounds down to these places, so the
 * figure shown before confirming is exactly the figure booked.
 */
export const SHOWN_PLACES_MAX = 8;

export function shownPlaces(decimals: number): number {
  return Math.max(0, Math.min(decimals, SHOWN_PLACES_MAX));
}

/**
 * Display rules, computed on exact decimals (inputs are decimal strings):
 * above 1,000,000 as "M" and above 1,000 as "K" with one decimal, otherwise 4 decimals.
 */
export function compactNumber(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  let d: Dec;
  try {
    d = new Dec(String(value));
  } catch {
    return '--';
  }
  if (!d.isFinite()) return '--';
  const abs = d.abs();
  if (abs.gt(1_000_000)) return d.div(1_000_000).toDecimalPlaces(1, Dec.ROUND_DOWN).toFixed(1) + 'M';
  if (abs.gt(1_000)) return d.div(1_000).toDecimalPlaces(1, Dec.ROUND_DOWN).toFixed(1) + 'K';
  return d.toDecimalPlaces(4, Dec.ROUND_DOWN).toFixed(4);
}

/** Prices show 2 decimals by default, or the instrument's precision when given. */
export function formatPrice(value: string | number | null | undefined, places = 2): string {
  if (value === null || value === undefined || value === '') return '--';
  try {
    return new Dec(String(value)).toDecimalPlaces(places, Dec.ROUND_HALF_UP).toFixed(places);
  } catch {
    return '--';
  }
}

/** Sign of a change, for colouring: up green, zero grey, down red. */
export function changeDirection(value: string | number | null | undefined): 'up' | 'flat' | 'down' {
  if (value === null || value === undefined || value === '') return 'flat';
  try {
    const d = new Dec(String(value));
    if (d.gt(0)) return 'up';
    if (d.lt(0)) return 'down';
    return 'flat';
  } catch {
    return 'flat';
  }
}

/** Percent change with sign and 2 decimals, e.g. "+1.25%". */
export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  try {
    const d = new Dec(String(value));
    const s = d.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
    return (d.gt(0) ? '+' : '') + s + '%';
  } catch {
    return '--';
  }
}
