/** Shared setup of the chain tests: a test database with the chain configuration pointed at a test chain. */
import { parseEther, type PublicClient } from 'viem';
import type { ChainConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import type { Database } from '../../src/db/database';
import { ManualClock } from '../../src/lib/clock';
import { accountBalance, findUserAccountId } from '../../src/modules/ledger';
import { testConfig, testContext } from '../helpers';

/** A fixed test phrase (BIP-39 test vector), never used for real funds. */
export const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export function chainContext(
  db: Database,
  chain: Partial<ChainConfig>,
  clock = new ManualClock('2026-11-22T08:00:00Z'),
): AppContext {
  const base = testConfig();
  return testContext(db, clock, { ...base, chain: { ...base.chain, mnemonic: TEST_MNEMONIC, ...chain } });
}

export { currencyId } from '../market-helpers';

/** Available balance of a user's "change" account (type 2, where deposits land). */
export async function changeBalance(db: Database, userId: number, currency: number): Promise<bigint> {
  const id = await findUserAccountId(db, userId, currency, 2);
  return id === null ? 0n : (await accountBalance(db, id)).available;
}

export const ONE_ETH = parseEther('1');

export type { PublicClient };
