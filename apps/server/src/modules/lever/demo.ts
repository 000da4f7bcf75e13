/**
 * Leverage products for the demo markets (DEMO DATA: the markets' prices are simulated) and a
 * demo insurance fund moved from platform capital. Idempotent: an existing product is left as
 * operators configured it; the fund is credited once (its idempotency key).
 */
import type { AppContext } from '../../context';
import { listInstruments } from '../market';
import { fundInsurance, marginCurrencyId, validProduct, type ProductInput } from './admin-service';
import * as repo from './repo';

const CRYPTO_TIERS = [
  { max_notional: '50000', mmr: '0.004' },
  { max_notional: '250000', mmr: '0.005' },
  { max_notional: '1000000', mmr: '0.01' },
  { max_notional: '5000000', mmr: '0.025' },
  { max_notional: null, mmr: '0.05' },
];
const FX_TIERS = [
  { max_notional: '500000', mmr: '0.0025' },
  { max_notional: '2000000', mmr: '0.005' },
  { max_notional: null, mmr: '0.01' },
];

const DEMO: Record<string, Omit<ProductInput, 'instrument_id' | 'status'>> = {
  'BTC/USDT': {
    leverages: [1, 2, 3, 5, 10, 20, 50, 100],
    fee_rate: '0.0005',
    min_qty: '0.001',
    qty_step: '0.001',
    max_position_qty: '50',
    tiers: CRYPTO_TIERS,
  },
  'ETH/USDT': {
    leverages: [1, 2, 3, 5, 10, 20, 50, 100],
    fee_rate: '0.0005',
    min_qty: '0.01',
    qty_step: '0.01',
    max_position_qty: '1000',
    tiers: CRYPTO_TIERS,
  },
  'SOL/USDT': {
    leverages: [1, 2, 3, 5, 10, 20, 50],
    fee_rate: '0.0005',
    min_qty: '0.1',
    qty_step: '0.1',
    max_position_qty: '20000',
    tiers: CRYPTO_TIERS,
  },
  'EUR/USD': {
    leverages: [1, 5, 10, 20, 50, 100, 200],
    fee_rate: '0.00005',
    min_qty: '100',
    qty_step: '100',
    max_position_qty: '1000000',
    tiers: FX_TIERS,
  },
  'GBP/USD': {
    leverages: [1, 5, 10, 20, 50, 100, 200],
    fee_rate: '0.00005',
    min_qty: '100',
    qty_step: '100',
    max_position_qty: '1000000',
    tiers: FX_TIERS,
  },
  'USD/JPY': {
    leverages: [1, 5, 10, 20, 50, 100, 200],
    fee_rate: '0.00005',
    min_qty: '100',
    qty_step: '100',
    max_position_qty: '1000000',
    tiers: FX_TIERS,
  },
  'XAU/USD': {
    leverages: [1, 5, 10, 20, 50, 100],
    fee_rate: '0.0001',
    min_qty: '0.01',
    qty_step: '0.01',
    max_position_qty: '500',
    tiers: [
      { max_notional: '250000', mmr: '0.005' },
      { max_notional: '1000000', mmr: '0.01' },
      { max_notional: null, mmr: '0.02' },
    ],
  },
};

export async function seedLeverDemo(ctx: AppContext): Promise<void> {
  for (const inst of await listInstruments(ctx.db)) {
    const terms = DEMO[inst.symbol];
    if (!terms || (await repo.productByInstrument(ctx.db, inst.id))) continue;
    const row = await validProduct(ctx, { ...terms, instrument_id: inst.id, status: 1 });
    await repo.upsertProduct(ctx.db, { ...row, is_demo: true, updated_at: ctx.clock.now() });
  }
  await fundInsurance(
    ctx,
    null,
    {
      currency_id: await marginCurrencyId(ctx),
      amount: '100000',
      memo: 'Demo data: insurance fund from platform capital',
    },
    null,
    'demo:lever:insurance',
  );
}
