/**
 * Fiat rates (GET /api/fiat/rates → [{currency_code, rate, saveTime}]), cached in localStorage
 * `fiats` with `saveFiatsTime` for 24 h. The chosen fiat lives in `fiat` (default USD, rate 1).
 * Rates are exact decimal strings (units of the fiat per 1 USD); they never pass through floats.
 */
import { FIAT_CACHE_MS, STORAGE_KEYS, type FiatRate } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { truncateDecimal } from '../../../lib/decimalString';
import { parseJson, readStorage, storedValue, writeStorage } from '../../../lib/storage';

export const DEFAULT_FIAT = 'USD';
const USD: FiatRate = { currency_code: 'USD', rate: '1', saveTime: 0 };

export const FIAT_SYMBOLS: Record<string, string> = {
  USD: '$',
  CNY: '¥',
  GBP: '£',
  HKD: 'HK$',
  JPY: '¥',
  EUR: '€',
  AED: 'AED ',
  THB: '฿',
  PHP: '₱',
  SGD: 'S$',
  VND: '₫',
};

export function fiatSymbol(code: string): string {
  return FIAT_SYMBOLS[code] ?? `${code} `;
}

function isRate(value: unknown): value is FiatRate {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.currency_code === 'string' && (typeof v.rate === 'string' || typeof v.rate === 'number');
}

function normalise(list: unknown): FiatRate[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isRate).map((r) => ({
    currency_code: r.currency_code,
    rate: String(r.rate),
    saveTime: typeof r.saveTime === 'number' ? r.saveTime : 0,
  }));
}

/** Cached rates when younger than 24 h, else null. */
export function readCachedRates(now = Date.now()): FiatRate[] | null {
  const savedAt = Number(readStorage(STORAGE_KEYS.saveFiatsTime) ?? '');
  if (!Number.isFinite(savedAt) || savedAt <= 0 || now - savedAt >= FIAT_CACHE_MS) return null;
  const rates = normalise(parseJson<unknown>(readStorage(STORAGE_KEYS.fiats)));
  return rates.length > 0 ? rates : null;
}

export async function loadFiatRates(signal?: AbortSignal): Promise<FiatRate[]> {
  const cached = readCachedRates();
  if (cached) return cached;
  const rates = normalise(await api.get<FiatRate[]>('/fiat/rates', {}, { signal, loading: false }));
  if (rates.length > 0) {
    writeStorage(STORAGE_KEYS.fiats, JSON.stringify(rates));
    writeStorage(STORAGE_KEYS.saveFiatsTime, String(Date.now()));
  }
  return rates;
}

export const fiatRatesQuery = {
  queryKey: ['fiat-rates'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => loadFiatRates(signal),
  staleTime: FIAT_CACHE_MS,
};

export function useFiatRates() {
  return useQuery(fiatRatesQuery);
}

export const fiatStore = storedValue<string>(
  STORAGE_KEYS.fiat,
  (raw) => (raw && /^[A-Z]{3}$/.test(raw) ? raw : DEFAULT_FIAT),
  (v) => v,
);

/** The chosen fiat with its rate (falls back to USD at rate 1 while rates are unknown). */
export function useFiat(): { code: string; rate: FiatRate; rates: FiatRate[] } {
  const code = fiatStore.use();
  const { data } = useFiatRates();
  const rates = data && data.length > 0 ? data : [USD];
  const rate = rates.find((r) => r.currency_code === code) ?? (code === 'USD' ? USD : null);
  if (!rate) return { code: 'USD', rate: USD, rates };
  return { code, rate, rates };
}

/** A rate for display: at most 4 decimals (truncated), no trailing zeros. */
export function formatRate(rate: string): string {
  return truncateDecimal(rate, 4) ?? '--';
}
