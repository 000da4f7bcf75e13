import { expect } from 'vitest';
import type { AppContext } from '../../src/context';
import type { SpotMarket } from '../../src/modules/spot/market';
import { SPOT_ACCOUNT_TYPE } from '../../src/modules/spot/types';

/** Per user and currency: the frozen balance is Σ (frozen − used − released) of the user's open orders. */
export async function expectFrozenMatchesOpenOrders(ctx: AppContext, m: SpotMarket): Promise<void> {
  const orders = await ctx.db
    .selectFrom('spot_orders')
    .select(['user_id', 'side', 'frozen', 'used', 'released', 'status'])
    .execute();
  const held = new Map<string, bigint>();
  for (const o of orders) {
    if (o.status !== 'open') continue;
    const key = `${o.user_id}:${o.side === 'buy' ? m.quoteCurrencyId : m.baseCurrencyId}`;
    held.set(key, (held.get(key) ?? 0n) + BigInt(o.frozen) - BigInt(o.used) - BigInt(o.released));
  }
  const accounts = await ctx.db
    .selectFrom('accounts')
    .select(['user_id', 'currency_id', 'frozen'])
    .where('user_id', 'is not', null)
    .where('account_type', '=', SPOT_ACCOUNT_TYPE)
    .execute();
  for (const a of accounts)
    expect(BigInt(a.frozen), `user ${a.user_id} currency ${a.currency_id}`).toBe(
      held.get(`${a.user_id}:${a.currency_id}`) ?? 0n,
    );
}
