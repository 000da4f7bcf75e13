/**
 * The one parser of an amount a person typed (a form field, a request's `amount`): the app, the
 * console and the server all read user input through `parseAmountInput`, so they accept and
 * refuse the same texts for the same reasons. Exact: the result is bigint base units, never a
 * JavaScript number; nothing is rounded.
 */
import { AmountFormatError, parseUnits } from './amount';

/** Why a typed amount is refused. */
export type AmountInputReason =
  /** Nothing but spaces. */
  | 'empty'
  /** Not a plain decimal ("1e3", "1,5", "1.2.3", "abc"). */
  | 'not_a_number'
  /** More non-zero fractional digits than `places` (trailing zeros are fine). */
  | 'too_many_places'
  /** Zero or negative. */
  | 'not_positive'
  /** Above the `max` the caller gave. */
  | 'too_large';

export type AmountInput =
  | { ok: true; /** Base units at `places`. */ units: bigint }
  | { ok: false; reason: AmountInputReason };

/** A plain decimal with an optional minus sign: "12", "12.", "12.5", ".5", "-3". */
const INPUT_RE = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Parses a typed amount at `places` fractional digits (a currency's decimals, or fewer: the places
 * a form lets one type). Spaces around it are ignored. A minus sign is read, so "-5" is refused as
 * not positive rather than as not a number. `max` (base units at `places`) bounds it from above.
 */
export function parseAmountInput(
  input: string | null | undefined,
  places: number,
  opts: { max?: bigint } = {},
): AmountInput {
  const text = (input ?? '').trim();
  if (text === '') return { ok: false, reason: 'empty' };
  if (!INPUT_RE.test(text)) return { ok: false, reason: 'not_a_number' };
  let units: bigint;
  try {
    units = parseUnits(text, places);
  } catch (err) {
    const reason = err instanceof AmountFormatError && err.reason === 'precision' ? 'too_many_places' : 'not_a_number';
    return { ok: false, reason };
  }
  if (units <= 0n) return { ok: false, reason: 'not_positive' };
  if (opts.max !== undefined && units > opts.max) return { ok: false, reason: 'too_large' };
  return { ok: true, units };
}
