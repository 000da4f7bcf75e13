/** Console API of the identity domain: users, real-name review, address approvals, settings. */
import { apiGet, apiPost } from './client';
import type { Page, PageQuery } from './admin';
import { getToken } from './session';

export interface IdentityUserRow {
  id: number;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  nickname: string;
  status: number;
  is_demo: boolean;
  invite_code: string;
  created_at: string;
  last_seen_at: string | null;
}

export interface KycRow {
  id: number;
  user_id: number;
  real_type: number;
  id_type: string | null;
  name: string | null;
  card_id: string | null;
  front_pic: string;
  reverse_pic: string;
  status: number;
  reason: string | null;
  reviewer_id: number | null;
  created_at: string;
  reviewed_at: string | null;
  email?: string | null;
  mobile?: string | null;
  nickname?: string;
}

export interface UserDetail {
  user: IdentityUserRow & { avatar: string; inviter_id: number | null; wallet_address: string | null; invited: number };
  sessions: Array<{ created_at: string; last_used_at: string; expires_at: string; ip: string | null; user_agent: string | null }>;
  kyc: (KycRow & { status_name: string }) | null;
  balances: Array<{ account_type: number; currency_id: number; currency: { name: string; sub_name?: string }; available: string; frozen: string }>;
}

export interface AddressRow {
  id: number;
  user_id: number;
  currency: string;
  name: string;
  address: string;
  approve_status: number;
  created_at: string;
  email: string | null;
  nickname: string;
}

export interface IdentitySettings {
  kyc_required_features: string[];
  address_approval: boolean;
}

export const identityKeys = {
  users: (q: PageQuery & { q: string }) => ['identity', 'users', q] as const,
  user: (id: number) => ['identity', 'user', id] as const,
  kyc: (q: PageQuery & { status: number }) => ['identity', 'kyc', q] as const,
  addresses: (q: PageQuery & { status: number }) => ['identity', 'addresses', q] as const,
  settings: ['identity', 'settings'] as const,
};

export const identityApi = {
  users: (q: PageQuery & { q: string }) => apiGet<Page<IdentityUserRow>>('/admin/identity/users', { ...q }),
  user: (id: number) => apiGet<UserDetail>(`/admin/identity/users/${id}`),
  freeze: (id: number) => apiPost(`/admin/identity/users/${id}/freeze`),
  unfreeze: (id: number) => apiPost(`/admin/identity/users/${id}/unfreeze`),
  kyc: (q: PageQuery & { status: number }) => apiGet<Page<KycRow>>('/admin/kyc', { ...q }),
  approveKyc: (id: number) => apiPost(`/admin/kyc/${id}/approve`),
  rejectKyc: (id: number, reason: string) => apiPost(`/admin/kyc/${id}/reject`, { reason }),
  addresses: (q: PageQuery & { status: number }) => apiGet<Page<AddressRow>>('/admin/addresses', { ...q }),
  approveAddress: (id: number) => apiPost(`/admin/addresses/${id}/approve`),
  rejectAddress: (id: number) => apiPost(`/admin/addresses/${id}/reject`),
  settings: () => apiGet<IdentitySettings>('/admin/identity/settings'),
  saveSettings: (s: Partial<IdentitySettings>) => apiPost<IdentitySettings>('/admin/identity/settings', { ...s }),
};

/** Fetches a private upload with the operator token; returns an object URL (caller revokes). */
export async function fetchUpload(ref: string): Promise<string | null> {
  const token = getToken();
  const res = await fetch(ref, { headers: token ? { Authorization: token } : {} });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('image/')) return null;
  return URL.createObjectURL(await res.blob());
}
