/** Tables of the identity domain (see db/schema.ts for the conventions). */
import type { Generated } from 'kysely';
import type { CreatedAt, Int8Id, Json, Timestamp } from '../columns';

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: string;
  target: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface IdentityEventsTable {
  id: Int8Id;
  kind: string;
  key: string;
  at: Timestamp;
}

export interface WalletIdentitiesTable {
  address: string;
  user_id: number;
  created_at: CreatedAt;
}

export interface SiweNoncesTable {
  nonce: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface UploadsTable {
  id: string;
  user_id: number | null;
  operator_id: number | null;
  mime: string;
  size: number;
  is_public: Generated<boolean>;
  created_at: CreatedAt;
}

export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  real_type: number;
  id_type: string | null;
  name: string | null;
  card_id: string | null;
  front_pic: string;
  reverse_pic: string;
  status: Generated<number>;
  reason: string | null;
  reviewer_id: number | null;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
}

export interface AddressBookTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  name: string;
  address: string;
  type: Generated<string>;
  approve_status: Generated<number>;
  created_at: Timestamp;
}

export interface BankCardsTable {
  user_id: number;
  kind: string;
  fields: Json;
  updated_at: Timestamp;
}

export interface LoginDevicesTable {
  token_hash: string;
  subject: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface IdentityTables {
  verification_codes: VerificationCodesTable;
  identity_events: IdentityEventsTable;
  wallet_identities: WalletIdentitiesTable;
  siwe_nonces: SiweNoncesTable;
  uploads: UploadsTable;
  kyc_submissions: KycSubmissionsTable;
  address_book: AddressBookTable;
  bank_cards: BankCardsTable;
  login_devices: LoginDevicesTable;
}
