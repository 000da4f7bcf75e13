/** Console API of the asset centre: deposits, withdrawal review, per-currency limits and fees, liabilities. */
import type {
  AdminDepositList,
  AdminWithdrawalList,
  AssetsConfig,
  AssetsSettings,
  AssetsSettingsBody,
  BankChannel,
  BankChannelBody,
  CurrencyConfig,
  CurrencyConfigBody,
  DemoDepositResult,
  DepositReview,
  Liability,
  WithdrawalApproval,
  WithdrawalReview,
} from '@bourse/contract';
import { apiGet, apiPost } from './client';

export const assetsApi = {
  deposits: (q: { status?: string; source?: string; page: number }) =>
    apiGet<AdminDepositList>('/admin/assets/deposits', q),
  demoDeposit: (b: { user_id: number; currency_id: number; amount: string }) =>
    apiPost<DemoDepositResult>('/admin/assets/deposits/demo', b),
  confirmDeposit: (id: number) =>
    apiPost<DepositReview>(`/admin/assets/deposits/${id}/confirm`, {}),
  rejectDeposit: (id: number, reason: string) =>
    apiPost<DepositReview>(`/admin/assets/deposits/${id}/reject`, { reason }),
  withdrawals: (q: { status?: string; page: number }) =>
    apiGet<AdminWithdrawalList>('/admin/assets/withdrawals', q),
  approve: (id: number) =>
    apiPost<WithdrawalApproval>(`/admin/assets/withdrawals/${id}/approve`, {}),
  reject: (id: number, reason: string) =>
    apiPost<WithdrawalReview>(`/admin/assets/withdrawals/${id}/reject`, { reason }),
  markSent: (id: number, txHash: string) =>
    apiPost<WithdrawalReview>(`/admin/assets/withdrawals/${id}/sent`, { tx_hash: txHash }),
  complete: (id: number) =>
    apiPost<WithdrawalReview>(`/admin/assets/withdrawals/${id}/complete`, {}),
  config: () => apiGet<AssetsConfig>('/admin/assets/config'),
  saveConfig: (currencyId: number, c: CurrencyConfigBody) =>
    apiPost<CurrencyConfig>(`/admin/assets/config/${currencyId}`, c),
  saveSettings: (s: AssetsSettingsBody) =>
    apiPost<AssetsSettings>('/admin/assets/settings', s),
  liabilities: () => apiGet<Liability[]>('/admin/assets/liabilities'),
  bankChannel: () => apiGet<BankChannel | null>('/admin/assets/bank-channel'),
  saveBankChannel: (c: BankChannelBody) => apiPost<BankChannel | null>('/admin/assets/bank-channel', { ...c }),
};


export const assetsKeys = {
  deposits: (status?: string, source?: string, page = 1) =>
    ['admin', 'assets', 'deposits', status, source, page] as const,
  withdrawals: (status?: string, page = 1) => ['admin', 'assets', 'withdrawals', status, page] as const,
  config: ['admin', 'assets', 'config'] as const,
  liabilities: ['admin', 'assets', 'liabilities'] as const,
  bankChannel: ['admin', 'assets', 'bank-channel'] as const,
};
