/**
 * What the asset centre offers, per currency (one currency row is one network: USDT ERC20 and
 * USDT TRC20 are two): a deposit or a withdrawal is offered only when it can work end to end.
 *
 * - The currency is enabled and its operator configuration allows the direction.
 * - A crypto currency has an enabled chain asset (its network: where deposit addresses come from
 *   and what address-book entries and payouts are for). Currencies listed only for markets
 *   (LTC, SOL, XRP, DOGE in the demo) have none, so they are neither deposited nor withdrawn.
 * - A fiat currency is the bank channel: offered while operators have set a receiving account,
 *   and named by that account's currency (`fiat_code`).
 */
import type { AppContext } from '../../context';
import type { CurrencyRow } from '../../db/schema';
import { chainAssets } from '../chain';
import { bankChannel, bankChannelCurrency } from './bank';
import * as repo from './repo';

export interface Offer {
  deposit: boolean;
  withdraw: boolean;
  /** The bank channel's fiat currency (e.g. USD) for fiat currencies, else null. */
  fiatCode: string | null;
}

export type Purpose = 'deposit' | 'withdraw';

/** The offer of each given currency. */
export async function offersOf(ctx: AppContext, currencies: CurrencyRow[]): Promise<Map<number, Offer>> {
  const [configs, assets, channel, fiatCode] = await Promise.all([
    repo.allConfigs(ctx.db),
    chainAssets(ctx),
    bankChannel(ctx.db),
    bankChannelCurrency(ctx.db),
  ]);
  const networks = new Set(assets.filter((a) => a.enabled).map((a) => a.currencyId));
  return new Map(
    currencies.map((c) => {
      const cfg = configs.get(c.id) ?? repo.defaultConfig(c.id);
      const works = c.status === 1 && (c.is_fiat ? channel !== null : networks.has(c.id));
      return [
        c.id,
        {
          deposit: works && cfg.depositEnabled,
          withdraw: works && cfg.withdrawEnabled,
          fiatCode: c.is_fiat ? fiatCode : null,
        },
      ];
    }),
  );
}

/** The offer of one currency. */
export async function offerOf(ctx: AppContext, currency: CurrencyRow): Promise<Offer> {
  return (await offersOf(ctx, [currency])).get(currency.id)!;
}
