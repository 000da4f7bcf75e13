/**
 * Amounts operators type (demo deposits): read by the shared parser (@bourse/money
 * parseAmountInput), the one the server and the app use, so the form refuses exactly what the
 * server would, with the reason.
 */
import { parseAmountInput, type AmountInputReason } from '@bourse/money';

const REASONS: Record<AmountInputReason, (places: number) => string> = {
  empty: () => 'Enter an amount.',
  not_a_number: () => 'Enter a plain decimal number, like 12.5.',
  too_many_places: (places) => (places === 0 ? 'Whole units only.' : `At most ${places} decimal places.`),
  not_positive: () => 'The amount must be more than 0.',
  too_large: () => 'The amount is too large.',
};

/** Why `text` is not an amount of a currency with `decimals` places, or null when it is one. */
export function amountProblem(text: string | null | undefined, decimals: number): string | null {
  const parsed = parseAmountInput(text, decimals);
  return parsed.ok ? null : REASONS[parsed.reason](decimals);
}
