import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openTestDb, type TestDb } from '../../../test/helpers';
import { BatchRefused, postMany, type ManyEntry } from './post-many';
import { reconcile } from './reconcile';
import { accountBalance } from './repo';
import * as ledger from './service';

const at = new Date('2026-11-22T00:00:00Z');
const USDT = 1;
let t: TestDb;
let external: number;

beforeAll(async () => {
  t = await openTestDb();
  external = await t.db.transaction().execute((trx) => ledger.systemAccount(trx, 'external', USDT));
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
const key = () => `pm-test:${process.pid}:${keySeq++}`;
const move = (from: number, to: number, amount: bigint, k = key()): ManyEntry => ({
  kind: 'transfer',
  refType: 'test',
  refId: k,
  idempotencyKey: k,
  legs: [
    { accountId: from, currencyId: USDT, bucket: 'available', amount: -amount },
    { accountId: to, currencyId: USDT, bucket: 'available', amount },
  ],
});
const freeze = (acct: number, amount: bigint): ManyEntry => {
  const k = key();
  return {
    kind: 'freeze',
    refType: 'test',
    refId: k,
    idempotencyKey: k,
    legs: [
      { accountId: acct, currencyId: USDT, bucket: 'available', amount: -amount },
      { accountId: acct, currencyId: USDT, bucket: 'frozen', amount },
    ],
  };
};
const journalCount = async () => Number((await sql<{ n: string }>`select count(*) as n from journal_entries`.execute(t.db)).rows[0]!.n);

describe('postMany (ledger_post_batch)', () => {
  it('posts a batch in order: ids ascend with the entries, balances and postings follow', async () => {
    const a = await funded(1_000n);
    const b = await funded(0n);
    const entries = [move(a, b, 100n), freeze(a, 300n), move(b, a, 40n), move(a, b, 1n)];
    const ids = await t.db.transaction().execute((trx) => postMany(trx, entries, at));
    expect(ids).toHaveLength(4);
    expect(ids.map(BigInt)).toEqual([...ids.map(BigInt)].sort((x, y) => (x < y ? -1 : 1)));
    const keys = await t.db.selectFrom('journal_entries').select(['id', 'idempotency_key']).where('id', 'in', ids).orderBy('id').execute();
    expect(keys.map((r) => r.idempotency_key)).toEqual(entries.map((e) => e.idempotencyKey));
    expect(await accountBalance(t.db, a)).toEqual({ available: 1_000n - 100n - 300n + 40n - 1n, frozen: 300n });
    expect(await accountBalance(t.db, b)).toEqual({ available: 61n, frozen: 0n });
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('refuses a batch whose net change overdraws an account, and changes nothing', async () => {
    const a = await funded(100n);
    const b = await funded(0n);
    const before = await journalCount();
    await expect(t.db.transaction().execute((trx) => postMany(trx, [move(a, b, 60n), move(a, b, 41n)], at))).rejects.toBeInstanceOf(BatchRefused);
    expect(await accountBalance(t.db, a)).toEqual({ available: 100n, frozen: 0n });
    expect(await accountBalance(t.db, b)).toEqual({ available: 0n, frozen: 0n });
    expect(await journalCount()).toBe(before);
  });

  it('refuses a key already in the journal, or repeated inside the batch', async () => {
    const a = await funded(100n);
    const b = await funded(0n);
    const k = key();
    await t.db.transaction().execute((trx) => postMany(trx, [move(a, b, 10n, k)], at));
    await expect(t.db.transaction().execute((trx) => postMany(trx, [move(a, b, 10n, k)], at))).rejects.toBeInstanceOf(BatchRefused);
    const k2 = key();
    await expect(t.db.transaction().execute((trx) => postMany(trx, [move(a, b, 1n, k2), move(a, b, 1n, k2)], at))).rejects.toBeInstanceOf(BatchRefused);
    expect(await accountBalance(t.db, a)).toEqual({ available: 90n, frozen: 0n });
  });

  it('refuses an unbalanced entry before reaching the database', async () => {
    const a = await funded(100n);
    const bad: ManyEntry = { ...move(a, a, 5n), legs: [{ accountId: a, currencyId: USDT, bucket: 'available', amount: -5n }, { accountId: a, currencyId: USDT, bucket: 'frozen', amount: 4n }] };
    await expect(t.db.transaction().execute((trx) => postMany(trx, [bad], at))).rejects.toThrow(/balance/);
  });

  it('matches an exact model over random batches (balances never negative, books reconcile)', async () => {
    const accts = [await funded(500n), await funded(500n), await funded(0n), await funded(0n)];
    const model = new Map<number, { available: bigint; frozen: bigint }>();
    for (const a of accts) model.set(a, await accountBalance(t.db, a));
    const op = fc.record({ kind: fc.constantFrom('move', 'freeze'), from: fc.nat(3), to: fc.nat(3), amount: fc.bigInt({ min: 1n, max: 200n }) });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const entries = ops.map((o) => (o.kind === 'move' ? move(accts[o.from]!, accts[o.to]!, o.amount) : freeze(accts[o.from]!, o.amount)));
        // The model applies the net change; the batch must be refused exactly when it overdraws.
        const next = new Map([...model].map(([k, v]) => [k, { ...v }]));
        for (const o of ops) {
          const f = next.get(accts[o.from]!)!;
          f.available -= o.amount;
          if (o.kind === 'move') next.get(accts[o.to]!)!.available += o.amount;
          else f.frozen += o.amount;
        }
        const ok = [...next.values()].every((v) => v.available >= 0n && v.frozen >= 0n);
        const r = await t.db
          .transaction()
          .execute((trx) => postMany(trx, entries, at))
          .then(
            () => true,
            (e: unknown) => {
              if (e instanceof BatchRefused) return false;
              throw e;
            },
          );
        expect(r).toBe(ok);
        if (ok) for (const [k, v] of next) model.set(k, v);
        for (const a of accts) expect(await accountBalance(t.db, a)).toEqual(model.get(a));
      }),
      { numRuns: 60, seed: 42 },
    );
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
