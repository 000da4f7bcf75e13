/** Balances with converted values (USDT from stored ticks; the web converts USDT to the user's fiat). */
import { Dec, formatUnits, unitsToDecimal } from '@bourse/money';
import type { AppContext } from '../../context';
import type { CurrencyRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { userBalances } from '../ledger';
import { currencyView, findCurrency, listCurrencies } from '../market';
import { ACCOUNT_TYPE_IDS, ACCOUNT_TYPE_NAMES, type AccountType } from '@bourse/contract';
import { WITHDRAW_ACCOUNT_TYPE } from './accounts';
import { bankChannel } from './bank';
import { configView } from './config';
import { offerOf, offersOf, type Purpose } from './offer';
import { usdtPrice, type UsdtPrice } from './pricing';
import * as repo from './repo';
import { withdrawCodeRequired } from './withdrawals';

async function priceMap(ctx: AppContext, currencies: CurrencyRow[]): Promise<Map<number, UsdtPrice | null>> {
  const now = ctx.clock.now();
  const entries = await Promise.all(
    currencies.map(async (c) => [c.id, await usdtPrice(ctx, c, now, false)] as const),
  );
  return new Map(entries);
}

async function balancesOf(ctx: AppContext, userId: number) {
  const rows = await userBalances(ctx.db, userId);
  return new Map(
    rows.map((r) => [`${r.accountType}:${r.currencyId}`, { available: r.available, frozen: r.frozen }]),
  );
}

function usdtOf(units: bigint, decimals: number, p: UsdtPrice | null | undefined): Dec | null {
  if (!p) return null;
  return unitsToDecimal(units, decimals).mul(p.price);
}

const money = (d: Dec) => d.toDecimalPlaces(8, Dec.ROUND_DOWN).toFixed();

/**
 * POST /wallet/list, GET /user/getWalletList: every enabled currency in every account type with
 * available, frozen, total (wallet balance) and its USDT value; totals per type and overall.
 * Currencies without a price (e.g. BANKCARD) are listed in `unvalued` and left out of totals.
 */
export async function walletOverview(ctx: AppContext, userId: number) {
  const [currencies, balances] = await Promise.all([
    listCurrencies(ctx.db, { enabledOnly: true }),
    balancesOf(ctx, userId),
  ]);
  const [prices, offers] = await Promise.all([priceMap(ctx, currencies), offersOf(ctx, currencies)]);
  const unvalued = new Set<string>();
  let total = new Dec(0);
  const typeTotals = new Map<number, Dec>();
  const accounts = ACCOUNT_TYPE_IDS.flatMap((type) =>
    currencies.map((c) => {
      const b = balances.get(`${type}:${c.id}`) ?? { available: 0n, frozen: 0n };
      const sum = b.available + b.frozen;
      const value = usdtOf(sum, c.decimals, prices.get(c.id));
      if (value) {
        total = total.add(value);
        typeTotals.set(type, (typeTotals.get(type) ?? new Dec(0)).add(value));
      } else if (sum !== 0n) unvalued.add(c.sub_name ? `${c.name} ${c.sub_name}` : c.name);
      return {
        account_type: type,
        account_name: ACCOUNT_TYPE_NAMES[type],
        currency_id: c.id,
        currency: { ...currencyView(c), fiat_code: offers.get(c.id)?.fiatCode ?? null },
        available: formatUnits(b.available, c.decimals),
        frozen: formatUnits(b.frozen, c.decimals),
        total: formatUnits(sum, c.decimals),
        usdt_value: value ? money(value) : null,
        price_usdt: prices.get(c.id)?.price.toSignificantDigits(12).toString() ?? null,
      };
    }),
  );
  return {
    accounts,
    types: ACCOUNT_TYPE_IDS.map((t) => ({
      account_type: t,
      account_name: ACCOUNT_TYPE_NAMES[t],
      total_usdt: money(typeTotals.get(t) ?? new Dec(0)),
    })),
    total_usdt: money(total),
    unvalued: [...unvalued],
  };
}

/** POST /wallet/detail {currency, type}, GET /user/getWalletDetails: one account of the user. */
export async function walletDetail(ctx: AppContext, userId: number, currencyId: number, type: AccountType) {
  const c = await findCurrency(ctx.db, currencyId);
  if (!c) throw new AppError('currency_not_found');
  const b = (await balancesOf(ctx, userId)).get(`${type}:${c.id}`) ?? { available: 0n, frozen: 0n };
  const p = await usdtPrice(ctx, c, ctx.clock.now(), false);
  const value = usdtOf(b.available + b.frozen, c.decimals, p);
  return {
    account_type: type,
    account_name: ACCOUNT_TYPE_NAMES[type],
    currency: currencyView(c),
    available: formatUnits(b.available, c.decimals),
    frozen: formatUnits(b.frozen, c.decimals),
    total: formatUnits(b.available + b.frozen, c.decimals),
    usdt_value: value ? money(value) : null,
    price_usdt: p?.price.toSignificantDigits(12).toString() ?? null,
    price_stale: p?.stale ?? null,
  };
}

/**
 * POST /wallet/get_info {currency}: what the deposit and withdrawal pages need for one
 * currency: withdrawable balance, limits and fee, today's usage, rate, whether a code is required.
 */
export async function walletInfo(ctx: AppContext, userId: number, currencyId: number) {
  const c = await findCurrency(ctx.db, currencyId);
  if (!c) throw new AppError('currency_not_found');
  const now = ctx.clock.now();
  const [cfg, balances, p, codeRequired, offer] = await Promise.all([
    repo.currencyConfig(ctx.db, c.id),
    balancesOf(ctx, userId),
    usdtPrice(ctx, c, now, false),
    withdrawCodeRequired(ctx),
    offerOf(ctx, c),
  ]);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const used = await repo.withdrawnSince(ctx.db, userId, c.id, day);
  const b = balances.get(`${WITHDRAW_ACCOUNT_TYPE}:${c.id}`) ?? { available: 0n, frozen: 0n };
  return {
    currency: { ...currencyView(c), fiat_code: offer.fiatCode },
    can_deposit: offer.deposit,
    can_withdraw: offer.withdraw,
    account_type: WITHDRAW_ACCOUNT_TYPE,
    withdrawable: formatUnits(b.available, c.decimals),
    frozen: formatUnits(b.frozen, c.decimals),
    config: configView(cfg, c.decimals),
    withdrawn_today: formatUnits(used, c.decimals),
    rate_usdt: p?.price.toSignificantDigits(12).toString() ?? null,
    code_required: codeRequired,
    // Bank-card channel: the receiving account deposits are paid to (null until operators set one).
    bank_channel: c.is_fiat ? await bankChannel(ctx.db) : null,
  };
}

/**
 * GET /currency/user_currency_list: the coin list with the user's balance in the
 * deposit/withdraw account and what each coin offers (can_deposit, can_withdraw; fiat_code names
 * the bank channel's currency). With `purpose` only the coins offered for that direction.
 */
export async function userCurrencyList(ctx: AppContext, userId: number, purpose?: Purpose) {
  const [currencies, balances] = await Promise.all([
    listCurrencies(ctx.db, { enabledOnly: true }),
    balancesOf(ctx, userId),
  ]);
  const offers = await offersOf(ctx, currencies);
  return currencies
    .filter((c) => !purpose || offers.get(c.id)?.[purpose])
    .map((c) => {
      const b = balances.get(`${WITHDRAW_ACCOUNT_TYPE}:${c.id}`) ?? { available: 0n, frozen: 0n };
      const offer = offers.get(c.id)!;
      return {
        ...currencyView(c),
        available: formatUnits(b.available, c.decimals),
        frozen: formatUnits(b.frozen, c.decimals),
        can_deposit: offer.deposit,
        can_withdraw: offer.withdraw,
        fiat_code: offer.fiatCode,
      };
    });
}

/** GET /wallet/getRateCurrency {id}: the USDT rate of a currency (latest stored tick, flagged when stale). */
export async function rateOf(ctx: AppContext, currencyId: number) {
  const c = await findCurrency(ctx.db, currencyId);
  if (!c) throw new AppError('currency_not_found');
  const p = await usdtPrice(ctx, c, ctx.clock.now(), false);
  return {
    currency_id: c.id,
    rate_usdt: p?.price.toSignificantDigits(12).toString() ?? null,
    tick_id: p?.tickId ?? null,
    stale: p?.stale ?? null,
  };
}
