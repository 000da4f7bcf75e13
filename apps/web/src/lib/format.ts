/**
 * Display formatting for amounts that arrive as decimal strings. Computed on exact decimals
 * (@bourse/money); never through JavaScript numbers. Display truncates (never rounds up a balance).
 */
import { Dec, shownPlaces } from '@bourse/money';

export { compactNumber, formatPrice, formatPercent } from '@bourse/money';

function groupThousands(whole: string): string {
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}

/**
 * A balance for display: truncated to the currency's decimals (at most 8), trailing zeros removed
 * but at least `minPlaces` decimals kept, thousands grouped. Invalid input gives "--".
 */
export function formatAmount(value: string | null | undefined, decimals = 8, minPlaces = 2): string {
  if (value === null || value === undefined || value.trim() === '') return '--';
  let d: Dec;
  try {
    d = new Dec(value.trim());
  } catch {
    return '--';
  }
  if (!d.isFinite()) return '--';
  const places = shownPlaces(decimals);
  const fixed = d.toDecimalPlaces(places, Dec.ROUND_DOWN).toFixed(places);
  const [whole = '0', frac = ''] = fixed.split('.');
  let trimmed = frac.replace(/0+$/, '');
  const keep = Math.min(minPlaces, places);
  if (trimmed.length < keep) trimmed = trimmed.padEnd(keep, '0');
  return groupThousands(whole) + (trimmed ? `.${trimmed}` : '');
}

/**
 * A deduction (a penalty, forfeited income) as "-12.50"; when nothing is deducted at the shown
 * precision it reads "0.00", never "-0.00".
 */
export function formatDeduction(value: string | null | undefined, decimals = 8, minPlaces = 2): string {
  const shown = formatAmount(value, decimals, minPlaces);
  if (shown === '--') return shown;
  return /[1-9]/.test(shown) ? `-${shown}` : shown;
}
