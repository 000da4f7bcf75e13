/**
 * `ledger_apply_changes` (sql/ledger_apply_changes.sql), the ledger's set-based balances step for
 * writers that record their postings with `ledger_batch_record` (the spot group commit): the net
 * change per account and bucket is applied; an overdraw of a guarded bucket is the ledger's own
 * refusal (BL001, `isOverdrawn`), whatever the constraint names, and leaves nothing changed.
 */
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { createUser, openTestDb, type TestDb } from '../../../test/helpers';
import { batchArrays, isOverdrawn, LEDGER_OVERDRAWN, type ManyEntry } from './post-many';
import { reconcile } from './reconcile';
import { accountBalance } from './repo';
import * as ledger from './service';

const at = new Date('2026-11-22T00:00:00Z');
const USDT = 1;
let t: TestDb;
let external: number;
let house: number;

beforeAll(async () => {
  t = await openTestDb();
  external = await t.db.transaction().execute((trx) => ledger.systemAccount(trx, 'external', USDT));
  house = await t.db.transaction().execute((trx) => ledger.systemAccount(trx, 'house', USDT));
});
afterAll(async () => t.close());

async function funded(amount: bigint): Promise<number> {
  const userId = await createUser(t.db);
  return t.db.transaction().execute(async (trx) => {
    const account = await ledger.userAccount(trx, userId, USDT, 2);
    if (amount > 0n) await ledger.transfer(trx, external, account, amount, { kind: 'deposit' }, at);
    return account;
  });
}

let keySeq = 0;
const entry = (legs: Array<[number, 'available' | 'frozen', bigint]>): ManyEntry => {
  const k = `apply-test:${process.pid}:${keySeq++}`;
  return { kind: 'test', refType: 'test', refId: k, idempotencyKey: k, legs: legs.map(([accountId, bucket, amount]) => ({ accountId, currencyId: USDT, bucket, amount })) };
};

/** Records the entries and applies their balances in one transaction, as the spot group commit does. */
async function recordAndApply(entries: ManyEntry[]): Promise<void> {
  const a = batchArrays(entries);
  await t.db.transaction().execute(async (trx: Transaction<DB>) => {
    await sql`select ledger_batch_record(${at}, ${a.kinds}::text[], ${a.refTypes}::text[], ${a.refIds}::text[], ${a.keys}::text[],
        ${a.memos}::text[], ${a.entryOf}::integer[], ${a.accounts}::integer[], ${a.currencies}::integer[],
        ${a.buckets}::smallint[], ${a.amounts}::numeric[])`.execute(trx);
    await sql`select ledger_apply_changes(${a.accounts}::integer[], ${a.buckets}::smallint[], ${a.amounts}::numeric[])`.execute(trx);
  });
}

describe('ledger_apply_changes', () => {
  it('applies the net change per account and bucket; the books reconcile', async () => {
    const a = await funded(1_000n);
    const b = await funded(0n);
    await recordAndApply([
      entry([
        [a, 'available', -300n],
        [a, 'frozen', 300n],
      ]),
      entry([
        [a, 'frozen', -200n],
        [b, 'available', 200n],
      ]),
      // Spends what the entry before it credited: only the net change counts.
      entry([
        [b, 'available', -150n],
        [house, 'available', 150n],
      ]),
    ]);
    expect(await accountBalance(t.db, a)).toEqual({ available: 700n, frozen: 100n });
    expect(await accountBalance(t.db, b)).toEqual({ available: 50n, frozen: 0n });
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('an overdraw is the ledger’s refusal (BL001) and changes nothing, on available and on frozen', async () => {
    const a = await funded(100n);
    const b = await funded(0n);
    const before = { a: await accountBalance(t.db, a), b: await accountBalance(t.db, b), house: await accountBalance(t.db, house) };
    const overdraws = [
      [entry([[a, 'available', -101n], [b, 'available', 101n]])],
      [entry([[a, 'available', -50n], [a, 'frozen', 50n]]), entry([[a, 'frozen', -51n], [b, 'available', 51n]])],
      // An account allowed to go negative still cannot have a negative frozen bucket.
      [entry([[house, 'frozen', -1n], [b, 'available', 1n]])],
    ];
    for (const entries of overdraws) {
      const err = await recordAndApply(entries).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ code: LEDGER_OVERDRAWN });
      expect(isOverdrawn(err)).toBe(true);
    }
    expect({ a: await accountBalance(t.db, a), b: await accountBalance(t.db, b), house: await accountBalance(t.db, house) }).toEqual(before);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('an account allowed to go negative may (available); other errors are not overdraws', async () => {
    const b = await funded(0n);
    const houseBefore = await accountBalance(t.db, house);
    await recordAndApply([entry([[house, 'available', -500n], [b, 'available', 500n]])]);
    expect((await accountBalance(t.db, house)).available).toBe(houseBefore.available - 500n);
    expect(isOverdrawn(new Error('x'))).toBe(false);
    expect(isOverdrawn({ code: '23514' })).toBe(false);
    expect(isOverdrawn(null)).toBe(false);
  });
});
