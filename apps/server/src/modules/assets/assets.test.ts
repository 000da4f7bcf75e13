import { parseUnits } from '@bourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openTestDb, testContext, type TestDb } from '../../../test/helpers';
import type { AppContext } from '../../context';
import { ManualClock } from '../../lib/clock';
import { accountBalance, findUserAccountId, reconcile } from '../ledger';
import { creditDeposit, completeWithdrawal, listApprovedWithdrawals, markWithdrawalSent } from './index';
import { demoDeposit, requestManualDeposit, reviewManualDeposit } from './deposits';
import { executeQuote, quote } from './exchange';
import { liabilities } from './liabilities';
import { journalLines } from './records';
import * as repo from './repo';
import { transfer } from './transfers';
import { approveWithdrawal, doRequest, rejectWithdrawal, requestWithdrawal } from './withdrawals';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let usdt: number;
let eth: number;
let ethInstrument: number;
let op1: number;
let op2: number;

const HASH = '0x' + 'ab'.repeat(32);

async function currencyId(name: string, sub = ''): Promise<number> {
  const r = await ctx.db
    .selectFrom('currencies')
    .select('id')
    .where('name', '=', name)
    .where('sub_name', '=', sub)
    .executeTakeFirstOrThrow();
  return r.id;
}

async function fund(userId: number, currency: number, amount: bigint) {
  return ctx.db
    .transaction()
    .execute((trx) => creditDeposit(ctx, trx, { userId, currencyId: currency, amount, source: 'demo' }));
}

async function addAddress(userId: number, address = '0x' + '1'.repeat(40), approve = 1): Promise<number> {
  const r = await ctx.db
    .insertInto('address_book')
    .values({
      user_id: userId,
      currency: 'USDT-ERC20',
      name: 'mine',
      address,
      type: '',
      approve_status: approve,
      created_at: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

async function balance(userId: number, currency: number, type = 2) {
  const id = await findUserAccountId(ctx.db, userId, currency, type);
  return id === null ? { available: 0n, frozen: 0n } : accountBalance(ctx.db, id);
}

async function tick(price: string, at = clock.now()) {
  await ctx.db
    .insertInto('market_ticks')
    .values({ instrument_id: ethInstrument, price, volume: '1', at, source: 'simulated' })
    .execute();
}

async function operator(name: string): Promise<number> {
  const r = await ctx.db
    .insertInto('operators')
    .values({ username: name, password_hash: 'x', role: 'admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-11-22T08:00:00Z');
  ctx = testContext(t.db, clock);
  usdt = await currencyId('USDT', 'ERC20');
  eth = await currencyId('ETH');
  const inst = await ctx.db
    .selectFrom('instruments')
    .select('id')
    .where('symbol', '=', 'ETH/USDT')
    .executeTakeFirst();
  ethInstrument =
    inst?.id ??
    (
      await ctx.db
        .insertInto('instruments')
        .values({
          symbol: 'ETH/USDT',
          base_currency_id: eth,
          quote_currency_id: usdt,
          price_precision: 2,
          amount_precision: 4,
          sim_price: '3000',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await ctx.db
    .insertInto('settings')
    .values({ key: 'withdraw_code_required', value: 'false', is_public: false })
    .execute();
  op1 = await operator('op-one');
  op2 = await operator('op-two');
  const cfg = repo.defaultConfig(usdt);
  cfg.withdrawMin = parseUnits('10', 6);
  cfg.withdrawMax = parseUnits('50000', 6);
  cfg.withdrawFee = parseUnits('1', 6);
  cfg.withdrawDailyLimit = parseUnits('100000', 6);
  cfg.twoApprovalThreshold = parseUnits('10000', 6);
  cfg.exchangeSpread = '0.002';
  cfg.exchangeFeeRate = '0.001';
  await repo.upsertConfig(ctx.db, cfg, clock.now());
});

afterAll(async () => {
  const r = await reconcile(ctx.db);
  expect(r.violations).toEqual([]);
  await t.close();
});

describe('deposits', () => {
  it('credits a chain deposit once per chain + tx hash + log index, into the change account', async () => {
    const u = await createUser(ctx.db);
    const d = {
      userId: u,
      currencyId: usdt,
      amount: 5_000_000n,
      source: 'chain' as const,
      chain: 'ethereum',
      txHash: HASH,
      logIndex: 3,
      address: '0xabc',
    };
    const first = await ctx.db.transaction().execute((trx) => creditDeposit(ctx, trx, d));
    const again = await ctx.db.transaction().execute((trx) => creditDeposit(ctx, trx, d));
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ depositId: first.depositId, duplicate: true });
    expect((await balance(u, usdt, 2)).available).toBe(5_000_000n);
    // Another log index of the same transaction is another deposit.
    await ctx.db.transaction().execute((trx) => creditDeposit(ctx, trx, { ...d, logIndex: 4 }));
    expect((await balance(u, usdt, 2)).available).toBe(10_000_000n);
  });

  it('allows demo deposits only for demo users with demo data on', async () => {
    const u = await createUser(ctx.db);
    await expect(demoDeposit(ctx, op1, { userId: u, currencyId: usdt, amount: '5' })).rejects.toMatchObject({
      code: 'demo_deposit_forbidden',
    });
    await ctx.db.updateTable('users').set({ is_demo: true }).where('id', '=', u).execute();
    await demoDeposit(ctx, op1, { userId: u, currencyId: usdt, amount: '5' });
    expect((await balance(u, usdt)).available).toBe(5_000_000n);
    const off = { ...ctx, config: { ...ctx.config, demoData: false } };
    await expect(demoDeposit(off, op1, { userId: u, currencyId: usdt, amount: '5' })).rejects.toMatchObject({
      code: 'demo_deposit_forbidden',
    });
  });

  it('credits a manual deposit only after an operator confirms it, once; a rejection credits nothing', async () => {
    const u = await createUser(ctx.db);
    await ctx.db
      .insertInto('uploads')
      .values({
        id: 'a'.repeat(32) + '.png',
        user_id: u,
        mime: 'image/png',
        size: 10,
        created_at: clock.now(),
      })
      .execute();
    await expect(
      requestManualDeposit(ctx, u, { currencyId: usdt, amount: '100', proof: undefined }),
    ).rejects.toMatchObject({ code: 'deposit_proof_required' });
    await expect(
      requestManualDeposit(ctx, u, {
        currencyId: usdt,
        amount: '',
        proof: '/api/file/' + 'a'.repeat(32) + '.png',
      }),
    ).rejects.toMatchObject({ code: 'amount_required' });
    const d = await requestManualDeposit(ctx, u, {
      currencyId: usdt,
      amount: '100',
      proof: '/api/file/' + 'a'.repeat(32) + '.png',
    });
    expect(d.status).toBe('review');
    expect((await balance(u, usdt)).available).toBe(0n);
    await reviewManualDeposit(ctx, op1, d.id, { approve: true });
    await expect(reviewManualDeposit(ctx, op2, d.id, { approve: true })).rejects.toMatchObject({
      code: 'deposit_state',
    });
    expect((await balance(u, usdt)).available).toBe(100_000_000n);
    const d2 = await requestManualDeposit(ctx, u, {
      currencyId: usdt,
      amount: '7',
      proof: '/api/file/' + 'a'.repeat(32) + '.png',
    });
    const r = await reviewManualDeposit(ctx, op1, d2.id, { approve: false, reason: 'proof unreadable' });
    expect(r.status).toBe('rejected');
    expect((await balance(u, usdt)).available).toBe(100_000_000n);
  });
});

describe('withdrawals', () => {
  it('freezes the amount, then approved → sent → completed settles it to external and fees exactly once', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 500_000_000n);
    const addr = await addAddress(u);
    const w = await requestWithdrawal(ctx, u, { currencyId: usdt, amount: '200', addressId: addr });
    expect(w).toMatchObject({ status: 'review', amount: '200', fee: '1', receive: '199' });
    expect(await balance(u, usdt)).toEqual({ available: 300_000_000n, frozen: 200_000_000n });
    expect(await listApprovedWithdrawals(ctx, [usdt], 10)).toEqual([]);
    await approveWithdrawal(ctx, op1, w.id);
    const queue = await listApprovedWithdrawals(ctx, [usdt], 10);
    expect(queue).toContainEqual({
      id: w.id,
      userId: u,
      currencyId: usdt,
      address: '0x' + '1'.repeat(40),
      amount: 199_000_000n,
    });
    await expect(completeWithdrawal(ctx, w.id, op1)).rejects.toMatchObject({ code: 'withdrawal_state' });
    await markWithdrawalSent(ctx, w.id, HASH, null);
    await markWithdrawalSent(ctx, w.id, HASH, null); // same hash: no-op
    await expect(markWithdrawalSent(ctx, w.id, '0x' + 'cd'.repeat(32), null)).rejects.toMatchObject({
      code: 'withdrawal_state',
    });
    expect((await listApprovedWithdrawals(ctx, [usdt], 10)).find((x) => x.id === w.id)).toBeUndefined();
    await completeWithdrawal(ctx, w.id, null);
    await completeWithdrawal(ctx, w.id, null); // once
    expect(await balance(u, usdt)).toEqual({ available: 300_000_000n, frozen: 0n });
    const row = await repo.findWithdrawal(ctx.db, w.id);
    expect(row?.status).toBe('completed');
    expect(row?.tx_hash).toBe(HASH);
  });

  it('refuses with a reason and unfreezes; a refused withdrawal cannot be approved or sent', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 50_000_000n);
    const addr = await addAddress(u);
    const w = await requestWithdrawal(ctx, u, { currencyId: usdt, amount: '20', addressId: addr });
    await rejectWithdrawal(ctx, op1, w.id, 'address on a sanctions list');
    expect(await balance(u, usdt)).toEqual({ available: 50_000_000n, frozen: 0n });
    await expect(approveWithdrawal(ctx, op1, w.id)).rejects.toMatchObject({ code: 'withdrawal_state' });
    await expect(markWithdrawalSent(ctx, w.id, HASH, op1)).rejects.toMatchObject({
      code: 'withdrawal_state',
    });
    await expect(rejectWithdrawal(ctx, op1, w.id, 'again')).rejects.toMatchObject({
      code: 'withdrawal_state',
    });
    expect((await repo.findWithdrawal(ctx.db, w.id))?.reason).toBe('address on a sanctions list');
  });

  it('checks amount, address, range, fee and daily limit with the spec messages', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 200_000_000_000n);
    const addr = await addAddress(u);
    const pending = await addAddress(u, '0x' + '2'.repeat(40), 0);
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '', addressId: addr }),
    ).rejects.toMatchObject({ code: 'withdraw_amount_required' });
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '-5', addressId: addr }),
    ).rejects.toMatchObject({ code: 'amount_not_positive' });
    await expect(requestWithdrawal(ctx, u, { currencyId: usdt, amount: '20' })).rejects.toMatchObject({
      code: 'withdraw_address_required',
    });
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '20', addressId: pending }),
    ).rejects.toMatchObject({ code: 'withdraw_address_unapproved' });
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '5', addressId: addr }),
    ).rejects.toMatchObject({ code: 'amount_out_of_range' });
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '50001', addressId: addr }),
    ).rejects.toMatchObject({ code: 'amount_out_of_range' });
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '1.0000001', addressId: addr }),
    ).rejects.toMatchObject({ code: 'amount_precision' });
    // Another user's address is not this user's book.
    const other = await createUser(ctx.db);
    const theirs = await addAddress(other, '0x' + '3'.repeat(40));
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '20', addressId: theirs }),
    ).rejects.toMatchObject({ code: 'withdraw_address_required' });
    // Daily limit 100,000: two of 50,000 pass, a third does not; the next UTC day it does.
    await requestWithdrawal(ctx, u, { currencyId: usdt, amount: '50000', addressId: addr });
    await requestWithdrawal(ctx, u, { currencyId: usdt, amount: '50000', addressId: addr });
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '10', addressId: addr }),
    ).rejects.toMatchObject({ code: 'withdraw_daily_limit' });
    clock.advance(24 * 3600_000);
    await requestWithdrawal(ctx, u, { currencyId: usdt, amount: '10', addressId: addr });
  });

  it('refuses an address of another network; a withdrawal claimed as sent can no longer be refused', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 50_000_000n);
    const btcEntry = (
      await ctx.db
        .insertInto('address_book')
        .values({
          user_id: u,
          currency: 'BTC',
          name: 'btc',
          address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
          type: '',
          approve_status: 1,
          created_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await expect(
      requestWithdrawal(ctx, u, { currencyId: usdt, amount: '20', addressId: btcEntry }),
    ).rejects.toMatchObject({ code: 'withdraw_address_required' });
    const addr = await addAddress(u);
    const w = await requestWithdrawal(ctx, u, { currencyId: usdt, amount: '20', addressId: addr });
    await approveWithdrawal(ctx, op1, w.id);
    // A signer claims it (approved → sent) before broadcasting; a refusal racing it loses.
    await markWithdrawalSent(ctx, w.id, HASH, null);
    await expect(rejectWithdrawal(ctx, op1, w.id, 'too late')).rejects.toMatchObject({
      code: 'withdrawal_state',
    });
    // And the other way round: refused first, the signer's claim fails and nothing is sent.
    const w2 = await requestWithdrawal(ctx, u, { currencyId: usdt, amount: '20', addressId: addr });
    await approveWithdrawal(ctx, op1, w2.id);
    await rejectWithdrawal(ctx, op1, w2.id, 'address failed screening');
    await expect(markWithdrawalSent(ctx, w2.id, '0x' + 'cd'.repeat(32), null)).rejects.toMatchObject({
      code: 'withdrawal_state',
    });
    expect(await balance(u, usdt)).toEqual({ available: 30_000_000n, frozen: 20_000_000n });
  });

  it('needs two different operators at or above the threshold', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 20_000_000_000n);
    const addr = await addAddress(u);
    const w = await requestWithdrawal(ctx, u, { currencyId: usdt, amount: '10000', addressId: addr });
    expect(w.needs_two).toBe(true);
    const first = await approveWithdrawal(ctx, op1, w.id);
    expect(first.status).toBe('review');
    await expect(approveWithdrawal(ctx, op1, w.id)).rejects.toMatchObject({
      code: 'withdrawal_same_approver',
    });
    const second = await approveWithdrawal(ctx, op2, w.id);
    expect(second.status).toBe('approved');
  });

  it('200 parallel withdrawals of 60% of one balance: exactly 1 accepted, 0 overdrafts', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 1_000_000_000n); // 1,000 USDT
    const addr = await addAddress(u);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        requestWithdrawal(ctx, u, { currencyId: usdt, amount: '600', addressId: addr }),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(accepted.length).toBe(1);
    expect(refused.every((r) => (r.reason as { code?: string }).code === 'insufficient_balance')).toBe(true);
    expect(await balance(u, usdt)).toEqual({ available: 400_000_000n, frozen: 600_000_000n });
    const rows = await ctx.db.selectFrom('asset_withdrawals').select('id').where('user_id', '=', u).execute();
    expect(rows.length).toBe(1);
    console.log(
      `[figure] 200 parallel withdrawals of 60%: accepted=${accepted.length}, overdrafts=0, refused=${refused.length}`,
    );
  });

  it('the same request with one idempotency key 5 times in parallel makes one withdrawal', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 1_000_000_000n);
    const addr = await addAddress(u);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        requestWithdrawal(ctx, u, {
          currencyId: usdt,
          amount: '100',
          addressId: addr,
          idempotencyKey: 'k-123',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    // And again later (after the in-process coalescing is gone): still the same one.
    const later = await requestWithdrawal(ctx, u, {
      currencyId: usdt,
      amount: '100',
      addressId: addr,
      idempotencyKey: 'k-123',
    });
    expect(later.id).toBe(results[0]!.id);
    const rows = await ctx.db.selectFrom('asset_withdrawals').select('id').where('user_id', '=', u).execute();
    expect(rows.length).toBe(1);
    expect(await balance(u, usdt)).toEqual({ available: 900_000_000n, frozen: 100_000_000n });
  });

  it('the same key 5 times in parallel without in-process coalescing (as from 5 API processes): one withdrawal', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 1_000_000_000n);
    const addr = await addAddress(u);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        doRequest(ctx, u, { currencyId: usdt, amount: '100', addressId: addr, idempotencyKey: 'k-proc' }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const rows = await ctx.db.selectFrom('asset_withdrawals').select('id').where('user_id', '=', u).execute();
    expect(rows.length).toBe(1);
    expect(await balance(u, usdt)).toEqual({ available: 900_000_000n, frozen: 100_000_000n });
    console.log(`[figure] same idempotency key x5 in parallel (no coalescing): withdrawals=${rows.length}`);
  });
});

describe('transfers and exchange', () => {
  it('moves funds between own account types in one balanced entry', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 100_000_000n);
    await transfer(ctx, u, { currencyId: usdt, fromType: 2, toType: 4, amount: '30' });
    expect((await balance(u, usdt, 2)).available).toBe(70_000_000n);
    expect((await balance(u, usdt, 4)).available).toBe(30_000_000n);
    await expect(
      transfer(ctx, u, { currencyId: usdt, fromType: 4, toType: 2, amount: '31' }),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    await expect(
      transfer(ctx, u, { currencyId: usdt, fromType: 4, toType: 4, amount: '1' }),
    ).rejects.toMatchObject({ code: 'transfer_same_account' });
    const a = await transfer(ctx, u, {
      currencyId: usdt,
      fromType: 4,
      toType: 1,
      amount: '5',
      idempotencyKey: 'tr-1',
    });
    const b = await transfer(ctx, u, {
      currencyId: usdt,
      fromType: 4,
      toType: 1,
      amount: '5',
      idempotencyKey: 'tr-1',
    });
    expect(b.id).toBe(a.id);
    expect((await balance(u, usdt, 1)).available).toBe(5_000_000n);
  });

  it('quotes from a fresh stored tick with spread and fee, executes once, refuses expired quotes and stale prices', async () => {
    const u = await createUser(ctx.db);
    await fund(u, usdt, 10_000_000_000n);
    await tick('3000');
    const q = await quote(ctx, u, { fromCurrencyId: usdt, toCurrencyId: eth, amount: '1000' });
    // fee 0.1% of 1000 = 1 USDT; price = (1/3000)·0.998; receive = 999·price rounded down to 18 decimals
    expect(q.fee).toBe('1');
    expect(q.tick_ids.length).toBe(1);
    expect(q.receive).toBe('0.332334');
    const ex = await executeQuote(ctx, u, q.quote_id);
    expect(ex.receive).toBe('0.332334');
    expect((await balance(u, eth)).available).toBe(332_334_000_000_000_000n);
    await expect(executeQuote(ctx, u, q.quote_id)).rejects.toMatchObject({ code: 'exchange_quote_used' });
    const q2 = await quote(ctx, u, { fromCurrencyId: usdt, toCurrencyId: eth, amount: '10' });
    clock.advance(ctx.config.assetsQuoteTtlMs + 1);
    await expect(executeQuote(ctx, u, q2.quote_id)).rejects.toMatchObject({ code: 'exchange_quote_expired' });
    // The last tick is now older than 10 s: no quote.
    await expect(
      quote(ctx, u, { fromCurrencyId: usdt, toCurrencyId: eth, amount: '10' }),
    ).rejects.toMatchObject({ code: 'exchange_no_price' });
    await tick('3100');
    const back = await quote(ctx, u, { fromCurrencyId: eth, toCurrencyId: usdt, amount: '0.1' });
    expect(back.receive).toBe('309.38'); // 0.1 ETH, no ETH fee configured, · 3100 · (1 − 0.002 USDT spread)
    await executeQuote(ctx, u, back.quote_id);
    const other = await createUser(ctx.db);
    const q3 = await quote(ctx, u, { fromCurrencyId: usdt, toCurrencyId: eth, amount: '1' });
    await expect(executeQuote(ctx, other, q3.quote_id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lists every journal line of the user, filtered and paginated by 10', async () => {
    const u = await createUser(ctx.db);
    for (let i = 0; i < 12; i++) await fund(u, usdt, 1_000_000n);
    await transfer(ctx, u, { currencyId: usdt, fromType: 2, toType: 3, amount: '2' });
    const p1 = await journalLines(ctx, u, { page: 1, limit: 10 });
    expect(p1.data.length).toBe(10);
    expect(p1.has_more).toBe(true);
    const p2 = await journalLines(ctx, u, { page: 2, limit: 10 });
    expect(p2.data.length).toBe(4);
    expect(p2.has_more).toBe(false);
    const lever = await journalLines(ctx, u, { page: 1, limit: 10, accountType: 3 });
    expect(lever.data).toEqual([
      expect.objectContaining({ kind: 'transfer', amount: '2', account_name: 'lever' }),
    ]);
    const other = await createUser(ctx.db);
    expect((await journalLines(ctx, other, { page: 1, limit: 10 })).data).toEqual([]);
  });

  it('liabilities: what users hold plus the system accounts balances to zero per currency', async () => {
    const rows = await liabilities(ctx);
    const u = rows.find((r) => r.currency_id === usdt)!;
    expect(u.balanced).toBe(true);
    expect(u.system.map((s) => s.code)).toEqual(
      expect.arrayContaining(['demo', 'external', 'fees', 'house']),
    );
  });
});
