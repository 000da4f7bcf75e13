/** Console API of the chain domain (`/api/admin/chain/*`): watchers, pending deposits, hot wallet, deposit settings. */
import { apiGet, apiPost } from './client';

export interface WatcherStatus {
  chain: string;
  running: boolean;
  head: string | null;
  cursor: string | null;
  confirmations: number;
  lastTickAt: string | null;
  lastError: string | null;
  reorgs: number;
}

export interface ChainRow {
  chain: 'evm' | 'tron' | 'btc';
  label: string;
  confirmations: number;
  addresses: number;
  watched: boolean;
  watcher: WatcherStatus | null;
  chain_id: number | null;
  last_scanned_block: string | null;
  last_scanned_hash: string | null;
  last_scanned_at: string | null;
}

export interface ChainAssetRow {
  currency_id: number;
  currency: string;
  sub_name: string;
  chain: string;
  token_address: string | null;
  min_deposit: string;
  enabled: boolean;
}

export interface PendingDeposit {
  id: string;
  chain: string;
  tx_hash: string;
  log_index: number;
  block_number: string;
  user_id: number;
  currency_id: number;
  currency: string;
  address: string;
  amount: string;
  status: 'pending' | 'below_min' | 'dropped';
  confirmations: number | null;
  seen_at: string;
}

export interface SendRow {
  id: number;
  withdrawal_id: number;
  currency_id: number;
  to: string;
  amount: string;
  nonce: string;
  tx_hash: string;
  status: 'signed' | 'sent' | 'confirmed' | 'failed';
  error: string | null;
  created_at: string;
}

export interface SignerStatus {
  address: string;
  eth_balance: string | null;
  token_balance: string | null;
  nonce_pending: number | null;
  nonce_latest: number | null;
  last_recorded_nonce: string | null;
  last_error: string | null;
  sends: SendRow[];
}

export interface ChainStatus {
  wallet: { source: 'operator' | 'demo'; key_ids: Record<string, string> } | null;
  chains: ChainRow[];
  assets: ChainAssetRow[];
  pending: PendingDeposit[];
  signer: SignerStatus | null;
}

export const chainKeys = { status: ['admin', 'chain', 'status'] as const };

export const chainApi = {
  status: () => apiGet<ChainStatus>('/admin/chain/status'),
  updateAsset: (currencyId: number, body: { min_deposit?: string; enabled?: boolean }) =>
    apiPost<{ min_deposit: string; enabled: boolean }>(`/admin/chain/assets/${currencyId}`, body),
};
