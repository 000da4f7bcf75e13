/**
 * Demo products (DEMO DATA, labelled is_demo): one per demo market, expiries 30/60/120/300 s,
 * payable in USDT (ERC20 and TRC20), stake 10–10,000, fee 2 % of winnings, exposure cap 200,000
 * per direction. Idempotent: existing products are left as operators configured them.
 */
import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { listCurrencies, listInstruments } from '../market';
import * as repo from './repo';

export const DEMO_EXPIRIES = [
  { seconds: 30, payoutRate: '0.8' },
  { seconds: 60, payoutRate: '0.85' },
  { seconds: 120, payoutRate: '0.88' },
  { seconds: 300, payoutRate: '0.92' },
];
export const DEMO_FEE_RATE = '0.02';

export async function seedDemoProducts(ctx: AppContext): Promise<void> {
  const currencies = (await listCurrencies(ctx.db)).filter((c) => c.name === 'USDT');
  const instruments = (await listInstruments(ctx.db)).filter((i) => i.quote === 'USDT' && i.source === 'simulated');
  for (const inst of instruments) {
    if (await repo.productByInstrument(ctx.db, inst.id)) continue;
    await ctx.db.transaction().execute(async (trx) => {
      const id = await repo.upsertProduct(trx, { instrumentId: inst.id, status: 1, feeRate: DEMO_FEE_RATE, isDemo: true, at: ctx.clock.now() });
      await repo.replaceExpiries(trx, id, DEMO_EXPIRIES.map((e) => ({ ...e, status: 1 })));
      await repo.replaceCurrencies(
        trx,
        id,
        currencies.map((c) => ({
          currencyId: c.id,
          min: parseUnits('10', c.decimals),
          max: parseUnits('10000', c.decimals),
          cap: parseUnits('200000', c.decimals),
        })),
      );
    });
  }
}
