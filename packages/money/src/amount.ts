/**
 * Amounts are integer base units of their currency (bigint), never JavaScript numbers.
 * On the wire and in forms they are plain decimal strings ("12.345").
 */

export class AmountFormatError extends Error {
  constructor(
    readonly reason: 'format' | 'precision' | 'negative',
    input: string,
  ) {
    super(`invalid amount (${reason}): ${input}`);
    this.name = 'AmountFormatError';
  }
}

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d*))?$|^(-)?\.(\d+)$/;

export type Rounding = 'down' | 'up' | 'reject';

/**
 * Parses a decimal string into base units. Excess fractional digits are rejected by default;
 * 'down' truncates toward zero (user credits), 'up' rounds away from zero (user debits).
 */
export function parseUnits(input: string, decimals: number, rounding: Rounding = 'reject'): bigint {
  const text = input.trim();
  const m = DECIMAL_RE.exec(text);
  if (!m) throw new AmountFormatError('format', input);
  const negative = Boolean(m[1] ?? m[4]);
  const whole = m[2] ?? '0';
  let frac = m[3] ?? m[5] ?? '';
  let bump = 0n;
  if (frac.length > decimals) {
    const excess = frac.slice(decimals);
    if (rounding === 'reject' && /[1-9]/.test(excess)) throw new AmountFormatError('precision', input);
    if (rounding === 'up' && /[1-9]/.test(excess)) bump = 1n;
    frac = frac.slice(0, decimals);
  }
  const units = BigInt(whole + frac.padEnd(decimals, '0')) + bump;
  return negative ? -units : units;
}

/** Parses a strictly positive amount; throws AmountFormatError otherwise. */
export function parsePositiveUnits(input: string, decimals: number): bigint {
  const units = parseUnits(input, decimals);
  if (units <= 0n) throw new AmountFormatError('negative', input);
  return units;
}

/** Formats base units as an exact decimal string without trailing zeros ("1.5", "0", "-0.0001"). */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const s = abs.toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? s : s.slice(0, s.length - decimals);
  const frac = decimals === 0 ? '' : s.slice(s.length - decimals).replace(/0+$/, '');
  return (negative ? '-' : '') + whole + (frac ? '.' + frac : '');
}

/** Formats base units with exactly `places` fractional digits, truncating (never rounding up). */
export function formatUnitsFixed(units: bigint, decimals: number, places: number): string {
  const full = formatUnits(units, decimals);
  const [whole = '0', frac = ''] = full.split('.');
  if (places <= 0) return whole;
  return `${whole}.${frac.slice(0, places).padEnd(places, '0')}`;
}

export function minUnits(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function maxUnits(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
