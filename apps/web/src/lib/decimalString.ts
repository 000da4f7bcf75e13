/**
 * Light string-only helpers for decimal strings, for display on the entry route without loading
 * the decimal library. No arithmetic happens here, so nothing passes through floats.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Truncates a plain decimal string to at most `places` fractional digits and drops trailing
 * zeros ("7.123456" → "7.1234", "1.50" → "1.5"). Returns null for anything that is not a plain
 * decimal (exponents, garbage).
 */
export function truncateDecimal(value: string, places: number): string | null {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const sign = m[1] === '-' ? '-' : '';
  const whole = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = (m[3] ?? '').slice(0, Math.max(0, places)).replace(/0+$/, '');
  if (m[2] === '' && (m[3] ?? '') === '') return null;
  const isZero = /^0*$/.test(whole) && frac === '';
  return (isZero ? '' : sign) + whole + (frac ? `.${frac}` : '');
}
