import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createUser, onPostgres, openTestDb } from '../helpers';
import { opArb, runWorkload } from './workload';

/**
 * Books balance after randomized workloads: 20 seeds x 10,000 operations (deposits with reused
 * idempotency keys, withdrawals, transfers, freezes, unfreezes, settlements — many of them
 * unaffordable), reconciled after every batch of 1,000 and compared with an exact model.
 * LEDGER_SEEDS lowers the seed count: for quick local runs, and in CI's second run on PostgreSQL
 * (6 seeds there: the first run, on PGlite, carries the full 20; the PostgreSQL run checks the same
 * functions on a real server, with its seeds side by side).
 */
export function propertySeeds(): number[] {
  const count = Number(process.env.LEDGER_SEEDS ?? 20);
  return Array.from({ length: count }, (_, i) => 20261122 + i);
}

export const OPS_PER_SEED = 10_000;

export function runPropertySeeds(seeds: number[]): void {
  // On PostgreSQL a seed spends most of its time waiting for the server's round trips, so seeds
  // (each on its own schema) run side by side; in-process PGlite gains nothing from that.
  const test = onPostgres && !process.env.LEDGER_SEQUENTIAL ? it.concurrent : it;
  test.each(seeds)('seed %i: 10,000 operations, 0 violations', async (seed) => {
    const ops = fc.sample(fc.array(opArb, { minLength: OPS_PER_SEED, maxLength: OPS_PER_SEED }), { seed, numRuns: 1 })[0]!;
    expect(ops).toHaveLength(OPS_PER_SEED);
    const t = await openTestDb(4);
    try {
      const userIds = [await createUser(t.db), await createUser(t.db), await createUser(t.db), await createUser(t.db)];
      const result = await runWorkload(t.db, ops, { currencyId: 1, batchSize: 1000, tag: `s${seed}`, userIds });
      expect(result.violations).toBe(0);
      expect(result.applied + result.refused + result.duplicates).toBe(OPS_PER_SEED);
      expect(result.refused).toBeGreaterThan(0);
      expect(result.duplicates).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  }, 600_000);
}
