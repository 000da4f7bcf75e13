import type { Database } from '../../db/database';
import { ensureBaseCurrencies as ensureFoundationCurrencies } from './currencies';
import { ensureMarkets } from './instruments';

/** Base currencies, the currencies the demo markets need, and the demo markets (idempotent). */
export async function ensureBaseCurrencies(db: Database): Promise<void> {
  await ensureFoundationCurrencies(db);
  await ensureMarkets(db);
}
