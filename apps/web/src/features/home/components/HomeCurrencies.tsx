/**
 * Home's Currencies card: each listed currency with its value in the fiat picked above it
 * (1 unit, from the live <coin>/USDT price, USDT taken 1:1 as USD like the quotes). A currency
 * without a USDT market (a bank channel) shows no value rather than a made-up one. Loaded with
 * the top markets (exact decimals stay off the entry chunk).
 */
import type { CurrencyView } from '@bourse/contract';
import { convertToFiat } from '../../market/api/fiatPrice';
import { useFiat } from '../../platform/api/fiat';
import { CurrencyList } from '../../platform/components/CurrencyList';
import { useUsdtPrices } from '../api/markets';

export default function HomeCurrencies() {
  const { code, rate } = useFiat();
  const { prices } = useUsdtPrices();
  const value = (c: CurrencyView) => {
    const price = prices.get(c.name);
    const text = price ? convertToFiat(price, 'USDT', rate.rate, code) : null;
    if (!text) return null;
    return (
      <span className="currency-value num" data-testid={`currency-value-${c.name}`}>
        {text}
      </span>
    );
  };
  return <CurrencyList extra={value} />;
}
