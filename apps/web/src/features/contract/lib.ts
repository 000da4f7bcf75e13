/** Client-side figures of the order sheet, by the server's rule (payout.ts): exact bigint maths. */
import { AmountFormatError, formatUnits, parseUnits } from '@bourse/money';

const SCALE = 10n ** 18n;
const scaled = (v: string) => parseUnits(v, 18, 'down');

/** Stake in base units, or an error kind for the form. */
export function parseStake(input: string, decimals: number): { units: bigint } | { error: 'empty' | 'invalid' | 'precision' } {
  const text = input.trim();
  if (text === '') return { error: 'empty' };
  try {
    const units = parseUnits(text, decimals);
    return units > 0n ? { units } : { error: 'invalid' };
  } catch (err) {
    return { error: err instanceof AmountFormatError && err.reason === 'precision' ? 'precision' : 'invalid' };
  }
}

/** Expected net profit and fee if the order wins: gross = floor(stake × rate), fee = ceil(gross × fee rate). */
export function expectedFigures(stake: bigint, decimals: number, payoutRate: string, feeRate: string) {
  const gross = (stake * scaled(payoutRate)) / SCALE;
  const n = gross * scaled(feeRate);
  const fee = n === 0n ? 0n : (n + SCALE - 1n) / SCALE;
  return { profit: formatUnits(gross - fee, decimals), fee: formatUnits(fee, decimals) };
}

/** "0.85" → "85%" (exact, no float). */
export function ratePercent(rate: string): string {
  const units = scaled(rate) * 100n;
  return `${formatUnits(units, 18)}%`;
}

export function currencyLabel(c: { name: string; sub_name?: string; currency?: string; currency_sub?: string }): string {
  const name = c.name ?? c.currency;
  const sub = c.sub_name ?? c.currency_sub;
  return sub ? `${name} (${sub})` : name;
}

/** Local date and time; `ms` adds milliseconds (tick and expiry instants, so "at or after expiry" can be checked). */
export function formatTime(iso: string | null, ms = false): string {
  if (!iso) return '--';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  const base = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  return ms ? `${base}.${String(d.getMilliseconds()).padStart(3, '0')}` : base;
}

/**
 * What an open order would come to if it settled at `last`, by the server's rule (payout.ts): Up
 * wins above the open price, Down below it; a win pays the expected net profit, a loss costs the
 * stake, an equal price is a draw (stake back). Exact: prices compare as scaled integers.
 */
export function liveResult(
  order: { direction: 'up' | 'down'; number: string; expected_profit: string; open_price: string },
  last: string | null | undefined,
): { outcome: 'won' | 'lost' | 'tie'; profit: string } | null {
  if (!last) return null;
  let open: bigint;
  let now: bigint;
  try {
    open = scaled(order.open_price);
    now = scaled(last);
  } catch {
    return null;
  }
  if (now === open) return { outcome: 'tie', profit: '0' };
  const won = (order.direction === 'up') === now > open;
  return won ? { outcome: 'won', profit: order.expected_profit } : { outcome: 'lost', profit: `-${order.number}` };
}

/** Whole seconds from `now` to `iso` (0 once passed). */
export function secondsLeft(iso: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));
}
