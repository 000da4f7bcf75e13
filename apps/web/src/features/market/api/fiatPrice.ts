/**
 * A market price converted into the chosen fiat. Quotes are in USDT, taken 1:1 as USD, the base of
 * the fiat rates table (units of the fiat per 1 USD). Exact decimals; display only.
 */
import { Dec } from '@bourse/money';
import { fiatSymbol, useFiat } from '../../platform/api/fiat';

export function convertToFiat(price: string, quote: string, rate: string, code: string): string | null {
  if (quote !== 'USDT' && quote !== 'USD') return null;
  try {
    const v = new Dec(price).mul(rate);
    const places = v.abs().lt(1) ? 4 : 2;
    const fixed = v.toDecimalPlaces(places, Dec.ROUND_HALF_UP).toFixed(places);
    const [whole = '0', frac] = fixed.split('.');
    return `≈${fiatSymbol(code)}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
  } catch {
    return null;
  }
}

export function useFiatConverter(): (price: string, quote: string) => string | null {
  const { code, rate } = useFiat();
  return (price, quote) => convertToFiat(price, quote, rate.rate, code);
}
