/** Converts a USDT total to the chosen fiat (USDT valued at 1 USD), exact decimals. */
import { Dec, formatPrice } from '@bourse/money';
import type { FiatRate } from '../../platform/api/fiat';

export function toFiat(usd: string | null | undefined, rate: FiatRate): string {
  if (usd === null || usd === undefined || usd === '') return '--';
  try {
    return formatPrice(new Dec(usd).mul(new Dec(rate.rate)).toFixed(), 2);
  } catch {
    return '--';
  }
}
