import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, onPostgres, openTestDb, type TestDb } from '../../../test/helpers';
import { AppError } from '../../http/errors';
import { reconcile } from './reconcile';
import { accountBalance } from './repo';
import { postMany } from './post-many';
import * as ledger from './service';
import { SYSTEM_ACCOUNTS } from './types';

const at = new Date('2026-11-22T00:00:00Z');
let t: TestDb;
const USDT = 1;
const BTC = 4;

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => t.close());

async function funded(amount: bigint, currencyId = USDT) {
  const userId = await createUser(t.db);
  return t.db.transaction().execute(async (trx) => {
    const account = await ledger.userAccount(trx, userId, currencyId, 2);
    const external = await ledger.systemAccount(trx, 'external', currencyId);
    if (amount > 0n) await ledger.transfer(trx, external, account, amount, { kind: 'deposit' }, at);
    return { userId, account, external };
  });
}

describe('ledger posting', () => {
  it.runIf(onPostgres)('posts while another transaction holds a foreign-key share lock on the account (no deadlock path)', async () => {
    const { account } = await funded(10n);
    const other = await funded(0n);
    await sql`create table fk_probe (account_id integer references accounts(id))`.execute(t.db);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => (inserted = r));
    // A business row referring to the account, in a transaction left open (as an order insert is).
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`insert into fk_probe values (${account})`.execute(trx);
      inserted();
      await held;
    });
    await didInsert;
    try {
      await t.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '3s'`.execute(trx);
        await ledger.transfer(trx, account, other.account, 4n, { kind: 'transfer' }, at);
        await postMany(trx, [
          {
            kind: 'transfer',
            refType: 'test',
            refId: '1',
            idempotencyKey: `fk-probe:${account}`,
            legs: [
              { accountId: account, currencyId: USDT, bucket: 'available', amount: -1n },
              { accountId: other.account, currencyId: USDT, bucket: 'available', amount: 1n },
            ],
          },
        ], at);
      });
    } finally {
      release();
      await holder;
    }
    expect(await accountBalance(t.db, account)).toEqual({ available: 5n, frozen: 0n });
  });

  it('moves money between accounts and records balanced postings', async () => {
    const { account, external } = await funded(1_000_000n);
    expect(await accountBalance(t.db, account)).toEqual({ available: 1_000_000n, frozen: 0n });
    expect((await accountBalance(t.db, external)).available).toBeLessThan(0n);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('refuses a debit beyond the balance and changes nothing', async () => {
    const { account } = await funded(100n);
    const other = await funded(0n);
    const entriesBefore = await sql<{ n: string }>`select count(*) as n from journal_entries`.execute(t.db);
    await expect(
      t.db.transaction().execute((trx) => ledger.transfer(trx, account, other.account, 101n, { kind: 'transfer' }, at)),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    expect(await accountBalance(t.db, account)).toEqual({ available: 100n, frozen: 0n });
    const entriesAfter = await sql<{ n: string }>`select count(*) as n from journal_entries`.execute(t.db);
    expect(entriesAfter.rows[0]!.n).toBe(entriesBefore.rows[0]!.n);
  });

  it('freezes, unfreezes and settles from frozen', async () => {
    const { account } = await funded(500n);
    const fees = await t.db.transaction().execute((trx) => ledger.systemAccount(trx, 'fees', USDT));
    await t.db.transaction().execute(async (trx) => {
      await ledger.freeze(trx, account, 300n, { kind: 'order_freeze' }, at);
      await ledger.unfreeze(trx, account, 100n, { kind: 'order_cancel' }, at);
      await ledger.settleFromFrozen(trx, account, fees, 50n, { kind: 'fee' }, at);
    });
    expect(await accountBalance(t.db, account)).toEqual({ available: 300n, frozen: 150n });
    await expect(
      t.db.transaction().execute((trx) => ledger.unfreeze(trx, account, 151n, { kind: 'x' }, at)),
    ).rejects.toBeInstanceOf(AppError);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('rejects unbalanced legs, mixed currencies and non-positive amounts before touching balances', async () => {
    const a = await funded(100n);
    const b = await funded(100n, BTC);
    await expect(
      t.db.transaction().execute((trx) =>
        ledger.post(trx, { kind: 'bad', legs: [{ accountId: a.account, bucket: 'available', amount: -10n }, { accountId: a.external, bucket: 'available', amount: 9n }] }, at),
      ),
    ).rejects.toBeInstanceOf(ledger.LedgerInvariantError);
    await expect(
      t.db.transaction().execute((trx) =>
        ledger.post(trx, { kind: 'bad', legs: [{ accountId: a.account, bucket: 'available', amount: -10n }, { accountId: b.account, bucket: 'available', amount: 10n }] }, at),
      ),
    ).rejects.toBeInstanceOf(ledger.LedgerInvariantError);
    await expect(
      t.db.transaction().execute((trx) => ledger.transfer(trx, a.account, a.external, 0n, { kind: 'x' }, at)),
    ).rejects.toMatchObject({ code: 'amount_not_positive' });
    expect(await accountBalance(t.db, a.account)).toEqual({ available: 100n, frozen: 0n });
  });

  it('posts an idempotency key once; a repeat reports the first entry and changes nothing', async () => {
    const { account, external } = await funded(0n);
    const first = await t.db.transaction().execute((trx) =>
      ledger.transfer(trx, external, account, 77n, { kind: 'deposit', idempotencyKey: 'dep:once' }, at),
    );
    const second = await t.db.transaction().execute((trx) =>
      ledger.transfer(trx, external, account, 77n, { kind: 'deposit', idempotencyKey: 'dep:once' }, at),
    );
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ entryId: first.entryId, duplicate: true });
    expect((await accountBalance(t.db, account)).available).toBe(77n);
  });

  it('needs a transaction', async () => {
    const { account, external } = await funded(0n);
    await expect(
      ledger.transfer(t.db as never, external, account, 1n, { kind: 'x' }, at),
    ).rejects.toBeInstanceOf(ledger.LedgerInvariantError);
  });
});

describe('system accounts', () => {
  it('a new currency has every declared system account, with its sign rule, from the start', async () => {
    const cur = await t.db
      .insertInto('currencies')
      .values({ name: `T${Date.now() % 100000}`, decimals: 8, color: '#000', image: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('accounts').select(['system_code', 'allow_negative']).where('currency_id', '=', cur.id).execute();
    const made = Object.fromEntries(rows.map((r) => [r.system_code, r.allow_negative]));
    const declared = Object.fromEntries(Object.entries(SYSTEM_ACCOUNTS).map(([code, a]) => [code, a.allowNegative]));
    expect(made).toEqual(declared);
  });
});

describe('database guards', () => {
  it('CHECK refuses a negative user balance even when code is bypassed', async () => {
    const { account } = await funded(10n);
    await expect(sql`update accounts set available = -1 where id = ${account}`.execute(t.db)).rejects.toThrow();
    await expect(sql`update accounts set frozen = -1 where id = ${account}`.execute(t.db)).rejects.toThrow();
  });

  it('refuses a journal entry whose postings do not sum to zero (deferred trigger)', async () => {
    const { account } = await funded(10n);
    await expect(
      t.db.transaction().execute(async (trx) => {
        const e = await sql<{ id: string }>`insert into journal_entries (kind) values ('forged') returning id`.execute(trx);
        await sql`insert into postings (entry_id, account_id, currency_id, bucket, amount)
                  values (${e.rows[0]!.id}, ${account}, ${USDT}, 1, 5)`.execute(trx);
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it('refuses postings to an unknown account, in another currency, or without their entry', async () => {
    const { account } = await funded(10n);
    const forge = (rows: (entry: string) => ReturnType<typeof sql>) =>
      t.db.transaction().execute(async (trx) => {
        const e = await sql<{ id: string }>`insert into journal_entries (kind) values ('forged') returning id`.execute(trx);
        await rows(e.rows[0]!.id).execute(trx);
      });
    const other = await sql<{ id: number }>`select id from currencies where id <> ${USDT} limit 1`.execute(t.db);
    const otherCurrency = other.rows[0]!.id;
    // Balanced in amounts, but the second leg names an account that does not exist.
    await expect(
      forge((e) => sql`insert into postings (entry_id, account_id, currency_id, bucket, amount)
                       values (${e}, ${account}, ${USDT}, 1, 5), (${e}, 2000000000, ${USDT}, 1, -5)`),
    ).rejects.toThrow(/unknown account/);
    // Balanced in its own currency, but that is not the account's currency.
    await expect(
      forge((e) => sql`insert into postings (entry_id, account_id, currency_id, bucket, amount)
                       values (${e}, ${account}, ${otherCurrency}, 1, 5), (${e}, ${account}, ${otherCurrency}, 2, -5)`),
    ).rejects.toThrow(/another currency/);
    // A balanced pair naming an entry that does not exist.
    await expect(
      forge(() => sql`insert into postings (entry_id, account_id, currency_id, bucket, amount)
                      values (9000000000, ${account}, ${USDT}, 1, 5), (9000000000, ${account}, ${USDT}, 2, -5)`),
    ).rejects.toThrow(/without its journal entry/);
    const check = await reconcile(t.db);
    expect(check.ok).toBe(true);
  });

  it('never deletes an account', async () => {
    const { account } = await funded(10n);
    await expect(sql`delete from accounts where id = ${account}`.execute(t.db)).rejects.toThrow(/never deleted/);
    await expect(sql`truncate accounts cascade`.execute(t.db)).rejects.toThrow(/never deleted/);
    await expect(sql`truncate journal_entries cascade`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate postings`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('keeps the journal append-only', async () => {
    await funded(10n);
    await expect(sql`update postings set amount = amount + 1`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from journal_entries`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});

describe('reconciliation', () => {
  it('detects a balance that differs from its postings', async () => {
    const { account } = await funded(10n);
    // Simulate corruption: a balance changed without a journal entry.
    await sql`update accounts set available = available + 5 where id = ${account}`.execute(t.db);
    const check = await reconcile(t.db);
    expect(check.ok).toBe(false);
    expect(check.violations.map((v) => v.kind)).toEqual(expect.arrayContaining(['balance_mismatch', 'currency_not_zero']));
    await sql`update accounts set available = available - 5 where id = ${account}`.execute(t.db);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('detects a posting whose entry is missing (written with the triggers switched off)', async () => {
    const { account } = await funded(10n);
    // Simulate corruption past the insert trigger: a balanced pair naming no journal entry.
    await t.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into postings (entry_id, account_id, currency_id, bucket, amount)
                values (9000000001, ${account}, ${USDT}, 1, 3), (9000000001, ${account}, ${USDT}, 2, -3)`.execute(trx);
    });
    const check = await reconcile(t.db);
    expect(check.ok).toBe(false);
    expect(check.violations.map((v) => v.kind)).toContain('orphan_posting');
  });
});
