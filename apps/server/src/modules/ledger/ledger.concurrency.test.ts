import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openTestDb, type TestDb } from '../../../test/helpers';
import { AppError } from '../../http/errors';
import { reconcile } from './reconcile';
import { accountBalance } from './repo';
import * as ledger from './service';

const at = new Date('2026-11-22T00:00:00Z');
let t: TestDb;

beforeAll(async () => {
  // A pool of 20 connections on PostgreSQL so the debits really run side by side.
  t = await openTestDb(20);
});
afterAll(async () => t.close());

describe('ledger under concurrency', () => {
  it('200 parallel debits against one account: exactly the affordable ones succeed, nothing goes negative', async () => {
    const userId = await createUser(t.db);
    const { source, sink, external } = await t.db.transaction().execute(async (trx) => ({
      source: await ledger.userAccount(trx, userId, 1, 2),
      sink: await ledger.userAccount(trx, userId, 1, 1),
      external: await ledger.systemAccount(trx, 'external', 1),
    }));
    await t.db.transaction().execute((trx) => ledger.transfer(trx, external, source, 1000n, { kind: 'deposit' }, at));

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        t.db.transaction().execute((trx) => ledger.transfer(trx, source, sink, 7n, { kind: 'debit', refId: String(i) }, at)),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.code === 'insufficient_balance',
    ).length;
    expect(succeeded).toBe(142); // floor(1000 / 7)
    expect(refused).toBe(58);
    expect(await accountBalance(t.db, source)).toEqual({ available: 6n, frozen: 0n });
    expect(await accountBalance(t.db, sink)).toEqual({ available: 994n, frozen: 0n });
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('the same idempotency key sent 5 times in parallel yields one entry', async () => {
    const userId = await createUser(t.db);
    const { account, external } = await t.db.transaction().execute(async (trx) => ({
      account: await ledger.userAccount(trx, userId, 1, 2),
      external: await ledger.systemAccount(trx, 'external', 1),
    }));
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.db.transaction().execute((trx) =>
          ledger.transfer(trx, external, account, 250n, { kind: 'deposit', idempotencyKey: `chain:tx:${userId}` }, at),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const entries = await sql<{ n: string }>`select count(*) as n from journal_entries where idempotency_key = ${`chain:tx:${userId}`}`.execute(t.db);
    expect(Number(entries.rows[0]!.n)).toBe(1);
    expect((await accountBalance(t.db, account)).available).toBe(250n);
  });

  it('parallel transfers in opposite directions between two accounts do not deadlock or lose money', async () => {
    const [u1, u2] = [await createUser(t.db), await createUser(t.db)];
    const { a, b, external } = await t.db.transaction().execute(async (trx) => ({
      a: await ledger.userAccount(trx, u1, 1, 2),
      b: await ledger.userAccount(trx, u2, 1, 2),
      external: await ledger.systemAccount(trx, 'external', 1),
    }));
    await t.db.transaction().execute(async (trx) => {
      await ledger.transfer(trx, external, a, 500n, { kind: 'deposit' }, at);
      await ledger.transfer(trx, external, b, 500n, { kind: 'deposit' }, at);
    });
    await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        t.db.transaction().execute((trx) =>
          i % 2 ? ledger.transfer(trx, a, b, 13n, { kind: 'p2p' }, at) : ledger.transfer(trx, b, a, 11n, { kind: 'p2p' }, at),
        ),
      ),
    );
    const [ba, bb] = [await accountBalance(t.db, a), await accountBalance(t.db, b)];
    expect(ba.available + bb.available).toBe(1000n);
    expect(ba.available >= 0n && bb.available >= 0n).toBe(true);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
