import type { Generated, Selectable } from 'kysely';
import type { AssetsTables } from './tables/assets';
import type { ChainTables } from './tables/chain';
import type { ContentTables } from './tables/content';
import type { ContractsTables } from './tables/contracts';
import type { IdentityTables } from './tables/identity';
import type { FollowTables } from './tables/follow';
import type { LeverTables } from './tables/lever';
import type { MarketTables } from './tables/market';
import type { SavingsTables } from './tables/savings';
import type { SpotTables } from './tables/spot';

export type { Numeric, NumericDefault, UpdatedAt, Int8Id, CreatedAt, Timestamp, Json } from './columns';
import type { CreatedAt, Int8Id, Json, Numeric, NumericDefault, Timestamp, UpdatedAt } from './columns';

export interface CurrenciesTable {
  id: Generated<number>;
  name: string;
  sub_name: Generated<string>;
  decimals: number;
  color: string;
  image: string;
  status: Generated<number>;
  sort: Generated<number>;
  is_fiat: Generated<boolean>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  password_hash: string;
  nickname: string;
  avatar: Generated<string>;
  invite_code: string;
  inviter_id: number | null;
  is_demo: Generated<boolean>;
  status: Generated<number>;
  created_at: CreatedAt;
  last_seen_at: Timestamp | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface AccountsTable {
  id: Generated<number>;
  user_id: number | null;
  system_code: string | null;
  currency_id: number;
  account_type: number;
  available: NumericDefault;
  frozen: NumericDefault;
  allow_negative: Generated<boolean>;
  created_at: CreatedAt;
}

export interface JournalEntriesTable {
  id: Int8Id;
  kind: string;
  ref_type: string | null;
  ref_id: string | null;
  idempotency_key: string | null;
  memo: string | null;
  created_at: CreatedAt;
}

export interface PostingsTable {
  id: Int8Id;
  entry_id: string;
  account_id: number;
  currency_id: number;
  bucket: number;
  amount: Numeric;
}

export interface SettingsTable {
  key: string;
  value: Json;
  is_public: Generated<boolean>;
  updated_at: UpdatedAt;
}

export interface MenuItemsTable {
  id: Generated<number>;
  key: string;
  icon: string;
  url: string;
  sort: Generated<number>;
  status: Generated<number>;
  names: Json;
}

export interface FiatRatesTable {
  code: string;
  rate: Numeric;
  saved_at: Timestamp;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: string;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  last_login_at: Timestamp | null;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: number;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Int8Id;
  operator_id: number | null;
  action: string;
  target: string | null;
  before: Json | null;
  after: Json | null;
  ip: string | null;
  created_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  target: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
}

export interface FoundationTables {
  currencies: CurrenciesTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  settings: SettingsTable;
  menu_items: MenuItemsTable;
  fiat_rates: FiatRatesTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
}

/** All tables: the foundation's here, each domain's in db/tables/<domain>.ts. */
export interface DB
  extends FoundationTables,
    IdentityTables,
    MarketTables,
    ContentTables,
    AssetsTables,
    ContractsTables,
    SpotTables,
    SavingsTables,
    ChainTables,
    LeverTables,
    FollowTables {}

export type CurrencyRow = Selectable<CurrenciesTable>;
export type UserRow = Selectable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type OperatorRow = Selectable<OperatorsTable>;
