import { FIAT_CODES, FIAT_CACHE_MS } from '@bourse/contract';
import { Dec } from '@bourse/money';
import { z } from 'zod';
import type { AppContext } from '../../context';
import * as repo from './repo';
import { BUNDLED_FIAT_DATE, BUNDLED_FIAT_RATES } from './defaults';

export interface FiatRateView {
  currency_code: string;
  rate: string;
  saveTime: number;
}

export async function ensureBundledFiatRates(ctx: AppContext): Promise<void> {
  for (const [code, rate] of Object.entries(BUNDLED_FIAT_RATES)) {
    await repo.upsertFiatRate(ctx.db, code, rate, new Date(BUNDLED_FIAT_DATE), true);
  }
}

export async function fiatRates(ctx: AppContext): Promise<FiatRateView[]> {
  const rows = await repo.listFiatRates(ctx.db);
  const order = new Map(FIAT_CODES.map((c, i) => [c as string, i]));
  return rows
    .filter((r) => order.has(r.code))
    .sort((a, b) => order.get(a.code)! - order.get(b.code)!)
    .map((r) => ({
      currency_code: r.code,
      rate: new Dec(r.rate).toString(),
      saveTime: r.saved_at.getTime(),
    }));
}

// The answer of a rates service: {rates: {CODE: rate}} against USD (the common public format).
const sourceSchema = z.object({ rates: z.record(z.string(), z.unknown()) });
const rateSchema = z.union([z.number().positive().finite(), z.string().regex(/^\d{1,12}(\.\d{1,18})?$/)]);

const LAST_FETCH_KEY = 'fiat_last_fetch';

/**
 * Refreshes fiat rates from FIAT_RATES_URL at most once per 24 h (the attempt time is stored, so
 * restarts do not hammer the source). Keeps only the spec's 11 codes; a bad answer changes nothing.
 */
export async function refreshFiatRates(
  ctx: AppContext,
  fetchImpl: typeof fetch = fetch,
): Promise<'skipped' | 'updated' | 'failed'> {
  const url = ctx.config.fiatRatesUrl;
  if (!url) return 'skipped';
  const now = ctx.clock.now();
  const last = await repo.getSetting(ctx.db, LAST_FETCH_KEY);
  const lastAt = typeof last?.value === 'number' ? last.value : 0;
  if (now.getTime() - lastAt < FIAT_CACHE_MS) return 'skipped';
  await repo.upsertSetting(ctx.db, LAST_FETCH_KEY, now.getTime(), false, now);
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const parsed = sourceSchema.parse(await res.json());
    let updated = 0;
    for (const code of FIAT_CODES) {
      const raw = rateSchema.safeParse(parsed.rates[code]);
      if (!raw.success) continue;
      const rate = new Dec(String(raw.data));
      if (!rate.isFinite() || rate.lte(0)) continue;
      await repo.upsertFiatRate(ctx.db, code, rate.toString(), now, false);
      updated++;
    }
    ctx.log.info({ updated }, 'fiat rates refreshed');
    return updated > 0 ? 'updated' : 'failed';
  } catch (err) {
    ctx.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'fiat rate refresh failed; keeping stored rates',
    );
    return 'failed';
  }
}
