import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../src/context';
import { ledger } from '../../src/modules/ledger';
import { spotEngines } from '../../src/modules/spot/engines';
import type { SpotMarket } from '../../src/modules/spot/market';
import { placeOrder, type PlaceInput } from '../../src/modules/spot/service';
import { SPOT_ACCOUNT_TYPE } from '../../src/modules/spot/types';
import { createUser } from '../helpers';

/** A new user with `usdt` quote and `coin` base currency of market `m` in their spot account. */
export async function trader(ctx: AppContext, m: SpotMarket, usdt = '0', coin = '0'): Promise<number> {
  const id = await createUser(ctx.db);
  if (usdt !== '0') await fund(ctx, id, m.quoteCurrencyId, usdt, m.quoteDecimals);
  if (coin !== '0') await fund(ctx, id, m.baseCurrencyId, coin, m.baseDecimals);
  return id;
}

/** Credits a user's spot account from the demo source (test money). */
export async function fund(ctx: AppContext, userId: number, currencyId: number, amount: string, decimals: number) {
  await ctx.db.transaction().execute(async (trx) => {
    await ledger.transfer(
      trx,
      await ledger.systemAccount(trx, 'demo', currencyId),
      await ledger.userAccount(trx, userId, currencyId, SPOT_ACCOUNT_TYPE),
      parseUnits(amount, decimals),
      { kind: 'demo_credit', memo: 'test funding' },
      ctx.clock.now(),
    );
  });
}

/** Stores an index tick at the clock's now. */
export async function tick(ctx: AppContext, m: SpotMarket, price: string) {
  await ctx.db.insertInto('market_ticks').values({ instrument_id: m.instrumentId, price, volume: '0', at: ctx.clock.now(), source: 'simulated' }).execute();
}

export async function balance(ctx: AppContext, userId: number, currencyId: number) {
  const row = await ctx.db
    .selectFrom('accounts')
    .select(['available', 'frozen'])
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('account_type', '=', SPOT_ACCOUNT_TYPE)
    .executeTakeFirst();
  return { available: BigInt(row?.available ?? 0), frozen: BigInt(row?.frozen ?? 0) };
}

export async function systemBalance(ctx: AppContext, code: string, currencyId: number) {
  const row = await ctx.db.selectFrom('accounts').select('available').where('system_code', '=', code).where('currency_id', '=', currencyId).executeTakeFirst();
  return BigInt(row?.available ?? 0);
}

export const limit = (symbol: string, side: 'buy' | 'sell', price: string, amount: string, extra: Partial<PlaceInput> = {}): PlaceInput => ({
  symbol,
  side,
  orderType: 'limit',
  tif: 'gtc',
  price,
  amount,
  ...extra,
});

export const place = (ctx: AppContext, userId: number, input: PlaceInput) => placeOrder(ctx, userId, input);

export const market = (ctx: AppContext, symbol: string) => spotEngines(ctx).market(symbol);
