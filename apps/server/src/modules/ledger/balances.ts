import { ACCOUNT_TYPE_IDS } from '@bourse/contract';
import { formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { currencyView, listCurrencies } from '../market';
import { userBalances } from './repo';

/**
 * The user's balances for every enabled currency in every account type (zero where the account
 * has not been opened yet); amounts as exact decimal strings.
 */
export async function walletList(ctx: AppContext, userId: number) {
  const [currencies, balances] = await Promise.all([
    listCurrencies(ctx.db, { enabledOnly: true }),
    userBalances(ctx.db, userId),
  ]);
  const byKey = new Map(balances.map((b) => [`${b.accountType}:${b.currencyId}`, b]));
  const accounts = ACCOUNT_TYPE_IDS.flatMap((type) =>
    currencies.map((c) => {
      const b = byKey.get(`${type}:${c.id}`);
      return {
        account_type: type,
        currency_id: c.id,
        currency: currencyView(c),
        available: formatUnits(b?.available ?? 0n, c.decimals),
        frozen: formatUnits(b?.frozen ?? 0n, c.decimals),
      };
    }),
  );
  // A total needs market prices for every currency; until the market module values them it is null.
  return { accounts, total_usdt: null as string | null };
}
