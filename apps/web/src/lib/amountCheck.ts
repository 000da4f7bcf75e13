/**
 * Checks an amount a user typed before anything is asked of them (a verification code, a
 * confirmation dialog): entered, a plain decimal, above 0, not more decimals than the currency
 * shows (read by @bourse/money parseAmountInput, the parser the server and the console use too),
 * within the minimum and maximum, not more than is available. Exact: amounts compare as bigint
 * base units, never as JavaScript numbers. The server checks everything
 * again; this only spares the user a code or a confirmation for a request that cannot pass.
 *
 * Returns null when the amount passes, else the message key (namespace `common`, group
 * `validate`) and its values, for `t(problem.key, problem.values)`.
 */
import { parseAmountInput, parseUnits, shownPlaces, type AmountInputReason } from '@bourse/money';
import { formatAmount } from './format';

export type AmountProblemKey =
  | 'validate.enterAmount'
  | 'validate.invalidAmount'
  | 'validate.positive'
  | 'validate.decimals'
  | 'validate.min'
  | 'validate.max'
  | 'validate.insufficient';

export interface AmountProblem {
  key: AmountProblemKey;
  /** Interpolation values of the message (all strings). */
  values: Record<string, unknown>;
}

export interface AmountRules {
  /** The currency's decimals; the input may have at most `shownPlaces(decimals)` places. */
  decimals: number;
  /** Shown after figures in the messages (the coin's name). */
  unit: string;
  /** Inclusive minimum (decimal string); absent, empty or "0": none. */
  min?: string | null;
  /** Inclusive maximum (decimal string); absent, empty or "0": none. */
  max?: string | null;
  /** The available balance; absent: not checked (not loaded yet, or not signed in). */
  available?: string | null;
}

function units(value: string, decimals: number): bigint | null {
  try {
    return parseUnits(value.trim(), decimals, 'down');
  } catch {
    return null;
  }
}

function limit(value: string | null | undefined, decimals: number): bigint | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const u = units(value, decimals);
  return u === null || u === 0n ? null : u;
}

/** The message for each reason the shared parser (@bourse/money parseAmountInput) refuses an amount. */
function refused(reason: AmountInputReason, unit: string, places: number): AmountProblem {
  switch (reason) {
    case 'empty':
      return { key: 'validate.enterAmount', values: { unit } };
    case 'too_many_places':
      return { key: 'validate.decimals', values: { unit, places: String(places) } };
    case 'not_positive':
      return { key: 'validate.positive', values: { unit } };
    case 'not_a_number':
    case 'too_large':
      return { key: 'validate.invalidAmount', values: { unit } };
  }
}

export function checkAmount(input: string, rules: AmountRules): AmountProblem | null {
  const { decimals, unit } = rules;
  const places = shownPlaces(decimals);
  const parsed = parseAmountInput(input, places);
  if (!parsed.ok) return refused(parsed.reason, unit, places);
  const amount = parsed.units;
  // Same scale for every comparison: the currency's own decimals.
  const scaled = amount * 10n ** BigInt(decimals - places);
  const min = limit(rules.min, decimals);
  if (min !== null && scaled < min) return { key: 'validate.min', values: { unit, min: formatAmount(rules.min, decimals, 0) } };
  const max = limit(rules.max, decimals);
  if (max !== null && scaled > max) return { key: 'validate.max', values: { unit, max: formatAmount(rules.max, decimals, 0) } };
  if (rules.available !== undefined && rules.available !== null) {
    const available = units(rules.available, decimals) ?? 0n;
    if (scaled > available) {
      return { key: 'validate.insufficient', values: { unit, available: formatAmount(rules.available, decimals, 0) } };
    }
  }
  return null;
}

/** A balance as an amount to type in ("All"): cut to the places the currency shows, no grouping. */
export function amountForInput(value: string, decimals: number): string {
  const places = shownPlaces(decimals);
  const u = units(value, places);
  if (u === null || u <= 0n) return '';
  const s = u.toString().padStart(places + 1, '0');
  const whole = s.slice(0, s.length - places);
  const frac = s.slice(s.length - places).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}
