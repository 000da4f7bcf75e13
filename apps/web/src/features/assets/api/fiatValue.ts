/** Converts a USDT total to the chosen fiat (USDT valued at 1 USD), exact decimals, 2 places, grouped. */
import { Dec } from '@bourse/money';
import type { FiatRate } from '@bourse/contract';
import { formatAmount } from '../../../lib/format';

export function toFiat(usd: string | null | undefined, rate: FiatRate): string {
  if (usd === null || usd === undefined || usd === '') return '--';
  try {
    return formatAmount(new Dec(usd).mul(new Dec(rate.rate)).toFixed(), 2, 2);
  } catch {
    return '--';
  }
}
