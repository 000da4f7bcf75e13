import fc from 'fast-check';
import type { Database, Transaction } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import { AppError } from '../../src/http/errors';
import { reconcile } from '../../src/modules/ledger/reconcile';
import * as ledger from '../../src/modules/ledger/service';

/**
 * A randomized ledger workload checked against an in-memory model, used by the property tests
 * and the benchmark. Operations that the model says must fail must be refused with
 * insufficient_balance inside the same batch transaction, leaving everything as it was.
 */
export type Op =
  | { k: 'deposit'; to: number; amount: bigint; key: number | null }
  | { k: 'withdraw'; from: number; amount: bigint }
  | { k: 'transfer'; from: number; to: number; amount: bigint }
  | { k: 'freeze'; acct: number; amount: bigint }
  | { k: 'unfreeze'; acct: number; amount: bigint }
  | { k: 'settle'; from: number; to: number | 'fees'; amount: bigint };

const amountArb = fc.oneof(
  { weight: 8, arbitrary: fc.bigInt({ min: 1n, max: 1_000_000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 30n }) },
);

/** Account slots: USER_ACCOUNTS user accounts, all in one currency so any pair can transfer. */
export const USER_ACCOUNTS = 8;
const slot = fc.integer({ min: 0, max: USER_ACCOUNTS - 1 });

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('deposit' as const), to: slot, amount: amountArb, key: fc.option(fc.integer({ min: 0, max: 50 }), { freq: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('withdraw' as const), from: slot, amount: amountArb }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('transfer' as const), from: slot, to: slot, amount: amountArb }).filter((o) => o.from !== o.to) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('freeze' as const), acct: slot, amount: amountArb }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('unfreeze' as const), acct: slot, amount: amountArb }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('settle' as const), from: slot, to: fc.oneof(slot, fc.constant('fees' as const)), amount: amountArb }).filter((o) => o.from !== o.to) },
);

interface Bal {
  available: bigint;
  frozen: bigint;
}

export interface WorkloadResult {
  applied: number;
  refused: number;
  duplicates: number;
  violations: number;
}

export async function runWorkload(
  db: Database,
  ops: Op[],
  opts: { currencyId: number; batchSize: number; tag: string; userIds: number[] },
): Promise<WorkloadResult> {
  const at = new Date('2026-11-22T00:00:00Z');
  const accounts = await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < USER_ACCOUNTS; i++) {
      ids.push(await ledger.userAccount(trx, opts.userIds[i % opts.userIds.length]!, opts.currencyId, 1 + Math.floor(i / opts.userIds.length)));
    }
    return {
      users: ids,
      external: await ledger.systemAccount(trx, 'external', opts.currencyId),
      fees: await ledger.systemAccount(trx, 'fees', opts.currencyId),
    };
  });
  const model = new Map<number, Bal>(accounts.users.map((id) => [id, { available: 0n, frozen: 0n }]));
  model.set(accounts.fees, { available: 0n, frozen: 0n });
  const usedKeys = new Set<number>();
  const result: WorkloadResult = { applied: 0, refused: 0, duplicates: 0, violations: 0 };

  const acct = (i: number) => accounts.users[i]!;

  async function apply(trx: Transaction<DB>, op: Op): Promise<'ok' | 'refused' | 'duplicate'> {
    const meta = { kind: `prop_${op.k}` };
    switch (op.k) {
      case 'deposit': {
        const key = op.key === null ? undefined : `${opts.tag}:dep:${op.key}`;
        const r = await ledger.transfer(trx, accounts.external, acct(op.to), op.amount, { ...meta, idempotencyKey: key }, at);
        return r.duplicate ? 'duplicate' : 'ok';
      }
      case 'withdraw':
        await ledger.transfer(trx, acct(op.from), accounts.external, op.amount, meta, at);
        return 'ok';
      case 'transfer':
        await ledger.transfer(trx, acct(op.from), acct(op.to), op.amount, meta, at);
        return 'ok';
      case 'freeze':
        await ledger.freeze(trx, acct(op.acct), op.amount, meta, at);
        return 'ok';
      case 'unfreeze':
        await ledger.unfreeze(trx, acct(op.acct), op.amount, meta, at);
        return 'ok';
      case 'settle':
        await ledger.settleFromFrozen(trx, acct(op.from), op.to === 'fees' ? accounts.fees : acct(op.to), op.amount, meta, at);
        return 'ok';
    }
  }

  /** What the model expects, applied to the model when it succeeds. */
  function expectAndApply(op: Op): 'ok' | 'refused' | 'duplicate' {
    const m = (id: number) => model.get(id)!;
    switch (op.k) {
      case 'deposit':
        if (op.key !== null) {
          if (usedKeys.has(op.key)) return 'duplicate';
          usedKeys.add(op.key);
        }
        m(acct(op.to)).available += op.amount;
        return 'ok';
      case 'withdraw':
        if (m(acct(op.from)).available < op.amount) return 'refused';
        m(acct(op.from)).available -= op.amount;
        return 'ok';
      case 'transfer':
        if (m(acct(op.from)).available < op.amount) return 'refused';
        m(acct(op.from)).available -= op.amount;
        m(acct(op.to)).available += op.amount;
        return 'ok';
      case 'freeze':
        if (m(acct(op.acct)).available < op.amount) return 'refused';
        m(acct(op.acct)).available -= op.amount;
        m(acct(op.acct)).frozen += op.amount;
        return 'ok';
      case 'unfreeze':
        if (m(acct(op.acct)).frozen < op.amount) return 'refused';
        m(acct(op.acct)).frozen -= op.amount;
        m(acct(op.acct)).available += op.amount;
        return 'ok';
      case 'settle': {
        if (m(acct(op.from)).frozen < op.amount) return 'refused';
        m(acct(op.from)).frozen -= op.amount;
        m(op.to === 'fees' ? accounts.fees : acct(op.to)).available += op.amount;
        return 'ok';
      }
    }
  }

  for (let start = 0; start < ops.length; start += opts.batchSize) {
    const batch = ops.slice(start, start + opts.batchSize);
    await db.transaction().execute(async (trx) => {
      for (const op of batch) {
        const expected = expectAndApply(op);
        if (expected === 'refused') {
          // A refused entry changes nothing and leaves the transaction usable for the next one.
          try {
            await apply(trx, op);
            throw new Error(`model expected refusal of ${JSON.stringify(op, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`);
          } catch (err) {
            if (!(err instanceof AppError) || err.code !== 'insufficient_balance') throw err;
          }
          result.refused++;
        } else {
          const got = await apply(trx, op);
          if (got !== expected) throw new Error(`expected ${expected}, got ${got}`);
          if (got === 'duplicate') result.duplicates++;
          else result.applied++;
        }
      }
    });
    const check = await reconcile(db);
    result.violations += check.violations.length;
    const rows = await db
      .selectFrom('accounts')
      .select(['id', 'available', 'frozen'])
      .where('id', 'in', [...model.keys()])
      .execute();
    for (const r of rows) {
      const m = model.get(r.id)!;
      if (BigInt(r.available) !== m.available || BigInt(r.frozen) !== m.frozen) result.violations++;
    }
  }
  return result;
}
