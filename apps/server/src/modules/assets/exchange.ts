/**
 * Exchange one currency for another in the user's "change" account, at a quoted price: the
 * index (USDT prices from fresh stored ticks, named in the quote) less a spread, with a fee in
 * the paid currency. The quote is valid for ASSETS_QUOTE_TTL_MS and can be used once. The house
 * account is the counterparty; the fee goes to `fees`. The user's receive amount rounds down to
 * the places the app shows (`shownPlaces`: at most 8, fewer when the currency has fewer), so the
 * quote names exactly what is booked (ETH keeps 18 places in the ledger, but "0.16111132 ETH" is
 * what a user reads and gets). The house pays exactly that rounded figure, so the rounding moves
 * no residue and needs no `rounding` posting.
 */
import { randomBytes } from 'node:crypto';
import { Dec, decimalToUnits, formatUnits, shownPlaces, unitsToDecimal } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { ledger } from '../ledger';
import { currenciesByIds, findCurrency } from '../market';
import { EXCHANGE_ACCOUNT_TYPE, FEES, HOUSE } from './accounts';
import { parseAmount } from './amounts';
import { usdtPrice } from './pricing';
import * as repo from './repo';
import { pageOf, pageWindow } from './paging';

async function pair(ctx: AppContext, fromId: number, toId: number) {
  if (fromId === toId) throw new AppError('exchange_same_currency');
  const [from, to] = await Promise.all([findCurrency(ctx.db, fromId), findCurrency(ctx.db, toId)]);
  if (!from || !to) throw new AppError('currency_not_found');
  if (from.status !== 1 || to.status !== 1) throw new AppError('currency_disabled');
  const [cf, ct] = await Promise.all([
    repo.currencyConfig(ctx.db, from.id),
    repo.currencyConfig(ctx.db, to.id),
  ]);
  if (!cf.exchangeEnabled || !ct.exchangeEnabled || from.is_fiat || to.is_fiat)
    throw new AppError('exchange_disabled');
  return { from, to, cf, ct };
}

/**
 * The quoted price the usual way round, "1 BASE = price QUOTE": USDT (every market's quote) is
 * the quote side when it takes part, otherwise the dearer coin is the base. `price` (to per from,
 * spread included) is inverted when the paid coin is the quote side, so a buyer of ETH reads what
 * one ETH costs, a seller what one ETH fetches. For display: 8 significant digits.
 */
function displayPrice(
  from: { name: string },
  to: { name: string },
  price: Dec,
  fromUsdt: Dec,
  toUsdt: Dec,
): { base: string; quote: string; price: string } {
  const fromIsBase = to.name === 'USDT' ? true : from.name === 'USDT' ? false : fromUsdt.gte(toUsdt);
  const value = fromIsBase ? price : new Dec(1).div(price);
  return {
    base: fromIsBase ? from.name : to.name,
    quote: fromIsBase ? to.name : from.name,
    price: value.toSignificantDigits(8, Dec.ROUND_HALF_UP).toFixed(),
  };
}

/** POST /wallet/exchange/quote: prices `amount` of from → to now. */
export async function quote(
  ctx: AppContext,
  userId: number,
  input: { fromCurrencyId: number; toCurrencyId: number; amount: string | undefined },
) {
  const { from, to, cf, ct } = await pair(ctx, input.fromCurrencyId, input.toCurrencyId);
  const amount = parseAmount(input.amount, from.decimals, 'amount_required');
  const now = ctx.clock.now();
  const [pf, pt] = await Promise.all([usdtPrice(ctx, from, now, true), usdtPrice(ctx, to, now, true)]);
  if (!pf || !pt) throw new AppError('exchange_no_price');
  const index = pf.price.div(pt.price);
  // The wider of the two currencies' spreads applies; the fee is the paid currency's rate.
  const spread = Dec.max(new Dec(cf.exchangeSpread), new Dec(ct.exchangeSpread));
  const price = pf.price.mul(new Dec(1).minus(spread)).div(pt.price);
  const fee = decimalToUnits(
    unitsToDecimal(amount, from.decimals).mul(new Dec(cf.exchangeFeeRate)),
    from.decimals,
    'up',
  );
  if (fee >= amount) throw new AppError('exchange_amount_too_small');
  // Division last, so exact results stay exact (1/3000 is not a finite decimal; 997.002/3000 is).
  const places = shownPlaces(to.decimals);
  const receive =
    decimalToUnits(
      unitsToDecimal(amount - fee, from.decimals)
        .mul(pf.price)
        .mul(new Dec(1).minus(spread))
        .div(pt.price),
      places,
      'down',
    ) *
    10n ** BigInt(to.decimals - places);
  if (receive <= 0n) throw new AppError('exchange_amount_too_small');
  const id = randomBytes(16).toString('hex');
  const tickIds = [pf.tickId, pt.tickId].filter((t): t is string => t !== null).join(',');
  const expiresAt = new Date(now.getTime() + ctx.config.assetsQuoteTtlMs);
  await ctx.db
    .insertInto('asset_exchange_quotes')
    .values({
      id,
      user_id: userId,
      from_currency_id: from.id,
      to_currency_id: to.id,
      amount,
      fee,
      receive,
      index_price: index.toDecimalPlaces(18, Dec.ROUND_DOWN).toString(),
      price: price.toDecimalPlaces(18, Dec.ROUND_DOWN).toString(),
      spread: spread.toString(),
      tick_ids: tickIds,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return {
    quote_id: id,
    from_currency_id: from.id,
    to_currency_id: to.id,
    amount: formatUnits(amount, from.decimals),
    fee: formatUnits(fee, from.decimals),
    receive: formatUnits(receive, to.decimals),
    index_price: index.toSignificantDigits(12).toString(),
    price: price.toSignificantDigits(12).toString(),
    display_price: displayPrice(from, to, price, pf.price, pt.price),
    spread: spread.toString(),
    tick_ids: tickIds ? tickIds.split(',') : [],
    expires_at: expiresAt.toISOString(),
    ttl_ms: ctx.config.assetsQuoteTtlMs,
  };
}

/** POST /user/exchangeCoin {quote_id}: executes a valid, unused quote of this user, once. */
export async function executeQuote(ctx: AppContext, userId: number, quoteId: string) {
  const now = ctx.clock.now();
  const ex = await ctx.db.transaction().execute(async (trx) => {
    const q = await trx
      .updateTable('asset_exchange_quotes')
      .set({ used_at: now })
      .where('id', '=', quoteId)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!q) {
      const existing = await trx
        .selectFrom('asset_exchange_quotes')
        .selectAll()
        .where('id', '=', quoteId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!existing) throw new AppError('not_found');
      throw new AppError(existing.used_at ? 'exchange_quote_used' : 'exchange_quote_expired');
    }
    const amount = BigInt(q.amount);
    const fee = BigInt(q.fee);
    const receive = BigInt(q.receive);
    const row = await trx
      .insertInto('asset_exchanges')
      .values({
        quote_id: q.id,
        user_id: userId,
        from_currency_id: q.from_currency_id,
        to_currency_id: q.to_currency_id,
        amount,
        fee,
        receive,
        price: q.price,
        tick_ids: q.tick_ids,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const userFrom = await ledger.userAccount(trx, userId, q.from_currency_id, EXCHANGE_ACCOUNT_TYPE);
    const userTo = await ledger.userAccount(trx, userId, q.to_currency_id, EXCHANGE_ACCOUNT_TYPE);
    const houseFrom = await ledger.systemAccount(trx, HOUSE, q.from_currency_id);
    const houseTo = await ledger.systemAccount(trx, HOUSE, q.to_currency_id);
    const legs = [
      { accountId: userFrom, bucket: 'available' as const, amount: -amount },
      { accountId: houseFrom, bucket: 'available' as const, amount: amount - fee },
      { accountId: houseTo, bucket: 'available' as const, amount: -receive },
      { accountId: userTo, bucket: 'available' as const, amount: receive },
    ];
    if (fee > 0n)
      legs.push({
        accountId: await ledger.systemAccount(trx, FEES, q.from_currency_id),
        bucket: 'available',
        amount: fee,
      });
    await ledger.post(
      trx,
      {
        kind: 'exchange',
        refType: 'asset_exchange',
        refId: String(row.id),
        idempotencyKey: `assets:exchange:${row.id}:swap`,
        legs,
      },
      now,
    );
    return row;
  });
  ctx.realtime.publish(`user:${userId}`, 'balance', { reason: 'exchange', exchange_id: ex.id });
  return exchangeView(ex, await currenciesByIds(ctx.db, [ex.from_currency_id, ex.to_currency_id]));
}

type CurrencyInfo = Map<number, { id: number; name: string; sub_name: string; decimals: number }>;

function exchangeView(
  r: {
    id: number;
    from_currency_id: number;
    to_currency_id: number;
    amount: string;
    fee: string;
    receive: string;
    price: string;
    tick_ids: string;
    created_at: Date;
  },
  cur: CurrencyInfo,
) {
  const f = cur.get(r.from_currency_id)!;
  const t = cur.get(r.to_currency_id)!;
  return {
    id: r.id,
    from_currency_id: f.id,
    from_name: f.name,
    from_sub_name: f.sub_name,
    to_currency_id: t.id,
    to_name: t.name,
    to_sub_name: t.sub_name,
    amount: formatUnits(BigInt(r.amount), f.decimals),
    fee: formatUnits(BigInt(r.fee), f.decimals),
    receive: formatUnits(BigInt(r.receive), t.decimals),
    price: new Dec(r.price).toSignificantDigits(12).toString(),
    tick_ids: r.tick_ids ? r.tick_ids.split(',') : [],
    created_at: r.created_at.toISOString(),
  };
}

/** The user's exchanges, newest first. */
export async function exchangeHistory(ctx: AppContext, userId: number, page: number, limit: number) {
  const rows = await ctx.db
    .selectFrom('asset_exchanges')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(pageWindow(page, limit).limit)
    .offset(pageWindow(page, limit).offset)
    .execute();
  const cur = await currenciesByIds(ctx.db, rows.flatMap((r) => [r.from_currency_id, r.to_currency_id]));
  return pageOf(rows, page, limit, (r) => exchangeView(r, cur));
}
