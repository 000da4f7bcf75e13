/** Shared set-up of the lever tests: products on BTC/USDT, EUR/USD and USD/JPY, funded lever accounts, hand-made ticks. */
import { ACCOUNT_TYPES } from '@bourse/contract';
import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../src/context';
import { ledger } from '../../src/modules/ledger';
import { findInstrument } from '../../src/modules/market';
import { insertTicks } from '../../src/modules/market/ticks';
import { fundInsurance, validProduct, type ProductInput } from '../../src/modules/lever/admin-service';
import * as repo from '../../src/modules/lever/repo';
import { usdt } from '../contracts/fixture';

export const BTC_TERMS: Omit<ProductInput, 'instrument_id'> = {
  status: 1,
  leverages: [1, 2, 5, 10, 20, 50, 100],
  fee_rate: '0.0005',
  min_qty: '0.001',
  qty_step: '0.001',
  max_position_qty: '10',
  tiers: [
    { max_notional: '50000', mmr: '0.004' },
    { max_notional: '250000', mmr: '0.005' },
    { max_notional: null, mmr: '0.02' },
  ],
};
const FX_TERMS: Omit<ProductInput, 'instrument_id'> = {
  status: 1,
  leverages: [1, 10, 50, 100],
  fee_rate: '0.00005',
  min_qty: '100',
  qty_step: '100',
  max_position_qty: '1000000',
  tiers: [
    { max_notional: '500000', mmr: '0.0025' },
    { max_notional: null, mmr: '0.005' },
  ],
};

export async function setupLever(ctx: AppContext, opts: { insurance?: string } = {}) {
  const ids: Record<string, number> = {};
  for (const [symbol, terms] of [
    ['BTC/USDT', BTC_TERMS],
    ['EUR/USD', FX_TERMS],
    ['USD/JPY', FX_TERMS],
  ] as const) {
    const inst = (await findInstrument(ctx.db, symbol))!;
    ids[symbol] = inst.id;
    await repo.upsertProduct(ctx.db, {
      ...(await validProduct(ctx, { ...terms, instrument_id: inst.id })),
      updated_at: ctx.clock.now(),
    });
  }
  const u = await usdt(ctx.db);
  if (opts.insurance)
    await fundInsurance(
      ctx,
      null,
      { currency_id: u.id, amount: opts.insurance, memo: 'test fund' },
      null,
      `test:fund:${opts.insurance}`,
    );
  return { btc: ids['BTC/USDT']!, eur: ids['EUR/USD']!, jpy: ids['USD/JPY']!, usdt: u };
}

/** Credits a user's lever account (type 3) from the demo source, as a transfer in would. */
export async function fundLever(ctx: AppContext, userId: number, currencyId: number, amount: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const from = await ledger.systemAccount(trx, 'demo', currencyId);
    const to = await ledger.userAccount(trx, userId, currencyId, ACCOUNT_TYPES.lever);
    await ledger.transfer(trx, from, to, parseUnits(amount, 6), { kind: 'test_credit' }, ctx.clock.now());
  });
}

export async function leverBalance(ctx: AppContext, userId: number, currencyId: number) {
  const r = await ctx.db
    .selectFrom('accounts')
    .select(['available', 'frozen'])
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('account_type', '=', ACCOUNT_TYPES.lever)
    .executeTakeFirst();
  return { available: BigInt(r?.available ?? 0), frozen: BigInt(r?.frozen ?? 0) };
}

export async function systemBalance(ctx: AppContext, code: string, currencyId: number): Promise<bigint> {
  const r = await ctx.db
    .selectFrom('accounts')
    .select('available')
    .where('system_code', '=', code)
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
  return BigInt(r?.available ?? 0);
}

/** Stores one tick of a market at the clock's time (or `at`). */
export async function tick(ctx: AppContext, instrumentId: number, price: string, at: Date = ctx.clock.now()) {
  const [t] = await insertTicks(ctx.db, [
    { instrument_id: instrumentId, price, volume: '1', at, source: 'simulated' },
  ]);
  return t!;
}
