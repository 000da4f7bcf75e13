/** Tables of blockchain wallets: HD deposit addresses, chain watchers, withdrawal signers (see db/schema.ts for the conventions). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8Id, Numeric, Timestamp, UpdatedAt } from '../columns';

/** DEMO ONLY: the seed of the embedded default. */
export interface ChainDemoSeedTable {
  id: number;
  mnemonic: string;
  note: Generated<string>;
  created_at: CreatedAt;
}

export interface ChainAssetsTable {
  currency_id: number;
  chain: string;
  token_address: string | null;
  min_deposit: Numeric;
  enabled: Generated<boolean>;
  updated_at: UpdatedAt;
}

export interface ChainAddressesTable {
  id: Generated<number>;
  user_id: number;
  chain: string;
  key_id: string;
  derivation_index: number;
  path: string;
  address: string;
  created_at: CreatedAt;
}

export interface ChainCursorsTable {
  chain: string;
  block_number: Numeric;
  block_hash: string;
  updated_at: UpdatedAt;
}

export interface ChainBlocksTable {
  chain: string;
  block_number: Numeric;
  block_hash: string;
}

export interface ChainDepositsTable {
  id: Int8Id;
  chain: string;
  tx_hash: string;
  log_index: number;
  block_number: Numeric;
  block_hash: string;
  address: string;
  user_id: number;
  currency_id: number;
  amount: Numeric;
  status: Generated<string>;
  deposit_id: number | null;
  seen_at: Timestamp;
  credited_at: Timestamp | null;
}

export interface ChainSendsTable {
  id: Generated<number>;
  withdrawal_id: number;
  chain: string;
  currency_id: number;
  from_address: string;
  to_address: string;
  amount: Numeric;
  nonce: Numeric;
  tx_hash: string;
  raw_tx: string;
  status: Generated<string>;
  block_number: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ChainTables {
  chain_demo_seed: ChainDemoSeedTable;
  chain_assets: ChainAssetsTable;
  chain_addresses: ChainAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  chain_deposits: ChainDepositsTable;
  chain_sends: ChainSendsTable;
}
