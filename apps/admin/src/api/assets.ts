/** Console API of the asset centre: deposits, withdrawal review, per-currency limits and fees, liabilities. */
import type { BankChannel } from '@bourse/contract';
import { apiGet, apiPost } from './client';

export interface ListPage<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

export interface DepositRow {
  id: number;
  user_id: number;
  user: string | null;
  is_demo_user: boolean;
  currency_id: number;
  currency_name: string;
  sub_name: string;
  amount: string;
  source: 'chain' | 'demo' | 'manual';
  status: 'review' | 'credited' | 'rejected';
  chain: string | null;
  tx_hash: string | null;
  address: string | null;
  proof: string | null;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

export type WithdrawalStatus = 'review' | 'approved' | 'sent' | 'completed' | 'rejected';

export interface WithdrawalRow {
  id: number;
  user_id: number;
  user: string | null;
  currency_id: number;
  currency_name: string;
  sub_name: string;
  address: string;
  network: string;
  amount: string;
  fee: string;
  receive: string;
  status: WithdrawalStatus;
  needs_two: boolean;
  approvals: number;
  approver1_id: number | null;
  approver2_id: number | null;
  reason: string | null;
  tx_hash: string | null;
  created_at: string;
}

export interface CurrencyConfig {
  currency_id: number;
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
  withdraw_min: string;
  withdraw_max: string;
  withdraw_fee: string;
  withdraw_daily_limit: string;
  two_approval_threshold: string;
  transfer_fee: string;
  exchange_enabled: boolean;
  exchange_spread: string;
  exchange_fee_rate: string;
}

export interface ConfigList {
  currencies: Array<{
    currency: { id: number; name: string; sub_name: string; decimals: number; status: number };
    config: CurrencyConfig;
  }>;
  withdraw_code_required: boolean;
  quote_ttl_ms: number;
  demo_data: boolean;
}

export interface LiabilityRow {
  currency_id: number;
  name: string;
  sub_name: string;
  users_available: string;
  users_frozen: string;
  users_total: string;
  holders: number;
  pending_withdrawals: string;
  pending_withdrawal_count: number;
  system: Array<{ code: string; balance: string }>;
  balanced: boolean;
}

export const assetsApi = {
  deposits: (q: { status?: string; source?: string; page: number }) =>
    apiGet<ListPage<DepositRow>>('/admin/assets/deposits', q),
  demoDeposit: (b: { user_id: number; currency_id: number; amount: string }) =>
    apiPost<{ depositId: number }>('/admin/assets/deposits/demo', b),
  confirmDeposit: (id: number) =>
    apiPost<{ id: number; status: string }>(`/admin/assets/deposits/${id}/confirm`, {}),
  rejectDeposit: (id: number, reason: string) =>
    apiPost<{ id: number; status: string }>(`/admin/assets/deposits/${id}/reject`, { reason }),
  withdrawals: (q: { status?: string; page: number }) =>
    apiGet<ListPage<WithdrawalRow>>('/admin/assets/withdrawals', q),
  approve: (id: number) =>
    apiPost<{ id: number; status: WithdrawalStatus; approvals: number; needs_two: boolean }>(
      `/admin/assets/withdrawals/${id}/approve`,
      {},
    ),
  reject: (id: number, reason: string) =>
    apiPost<{ id: number; status: string }>(`/admin/assets/withdrawals/${id}/reject`, { reason }),
  markSent: (id: number, txHash: string) =>
    apiPost<{ id: number; status: string }>(`/admin/assets/withdrawals/${id}/sent`, { tx_hash: txHash }),
  complete: (id: number) =>
    apiPost<{ id: number; status: string }>(`/admin/assets/withdrawals/${id}/complete`, {}),
  config: () => apiGet<ConfigList>('/admin/assets/config'),
  saveConfig: (currencyId: number, c: Omit<CurrencyConfig, 'currency_id'>) =>
    apiPost<CurrencyConfig>(`/admin/assets/config/${currencyId}`, c),
  saveSettings: (s: { withdraw_code_required: boolean }) =>
    apiPost<{ withdraw_code_required: boolean }>('/admin/assets/settings', s),
  liabilities: () => apiGet<LiabilityRow[]>('/admin/assets/liabilities'),
  bankChannel: () => apiGet<BankChannel | null>('/admin/assets/bank-channel'),
  saveBankChannel: (c: BankChannel) => apiPost<BankChannel | null>('/admin/assets/bank-channel', { ...c }),
};


export const assetsKeys = {
  deposits: (status?: string, source?: string, page = 1) =>
    ['admin', 'assets', 'deposits', status, source, page] as const,
  withdrawals: (status?: string, page = 1) => ['admin', 'assets', 'withdrawals', status, page] as const,
  config: ['admin', 'assets', 'config'] as const,
  liabilities: ['admin', 'assets', 'liabilities'] as const,
  bankChannel: ['admin', 'assets', 'bank-channel'] as const,
};

export type { BankChannel };
