/** Tables of the follow (copy trading) domain (see db/schema.ts for the conventions; migration 029). */
import type { Generated } from 'kysely';
import type { Int8Id, Numeric, NumericDefault, Timestamp } from '../columns';

export interface FollowTradersTable {
  user_id: number;
  status: Generated<string>;
  bio: Generated<string>;
  share_rate: NumericDefault;
  is_demo: Generated<boolean>;
  applied_at: Timestamp;
  reviewed_at: Timestamp | null;
  reviewed_by: number | null;
}

export interface FollowsTable {
  id: Int8Id;
  follower_id: number;
  trader_id: number;
  mode: string;
  number: Numeric;
  max_per_copy: Numeric;
  stop_loss: Numeric | null;
  share_rate: Numeric;
  status: Generated<string>;
  stop_reason: string | null;
  hwm: NumericDefault;
  shared: NumericDefault;
  started_at: Timestamp;
  stopped_at: Timestamp | null;
}

export interface FollowCopiesTable {
  id: Int8Id;
  follow_id: string;
  lead_position_id: string;
  copy_position_id: string | null;
  status: string;
  reason: string | null;
  created_at: Timestamp;
}

export interface FollowCursorTable {
  id: number;
  position_id: string;
}

export interface FollowTables {
  follow_traders: FollowTradersTable;
  follows: FollowsTable;
  follow_copies: FollowCopiesTable;
  follow_cursor: FollowCursorTable;
}
