/** Console API of the identity domain: users, real-name review, address approvals, settings. */
import type {
  AddressQueue,
  AddressReview,
  IdentitySettings,
  IdentityUserDetail,
  IdentityUserPage,
  KycQueue,
  KycRecord,
  UserStatus,
  IdentitySettingsBody,
} from '@bourse/contract';
import { apiGet, apiPost } from './client';
import type { PageQuery } from './admin';
import { getToken } from './session';

export const identityKeys = {
  users: (q: PageQuery & { q: string }) => ['identity', 'users', q] as const,
  user: (id: number) => ['identity', 'user', id] as const,
  kyc: (q: PageQuery & { status: number }) => ['identity', 'kyc', q] as const,
  addresses: (q: PageQuery & { status: number }) => ['identity', 'addresses', q] as const,
  settings: ['identity', 'settings'] as const,
};

export const identityApi = {
  users: (q: PageQuery & { q: string }) => apiGet<IdentityUserPage>('/admin/identity/users', { ...q }),
  user: (id: number) => apiGet<IdentityUserDetail>(`/admin/identity/users/${id}`),
  freeze: (id: number) => apiPost<UserStatus>(`/admin/identity/users/${id}/freeze`),
  unfreeze: (id: number) => apiPost<UserStatus>(`/admin/identity/users/${id}/unfreeze`),
  kyc: (q: PageQuery & { status: number }) => apiGet<KycQueue>('/admin/kyc', { ...q }),
  approveKyc: (id: number) => apiPost<KycRecord>(`/admin/kyc/${id}/approve`),
  rejectKyc: (id: number, reason: string) => apiPost<KycRecord>(`/admin/kyc/${id}/reject`, { reason }),
  addresses: (q: PageQuery & { status: number }) => apiGet<AddressQueue>('/admin/addresses', { ...q }),
  approveAddress: (id: number) => apiPost<AddressReview>(`/admin/addresses/${id}/approve`),
  rejectAddress: (id: number) => apiPost<AddressReview>(`/admin/addresses/${id}/reject`),
  settings: () => apiGet<IdentitySettings>('/admin/identity/settings'),
  saveSettings: (s: IdentitySettingsBody) => apiPost<IdentitySettings>('/admin/identity/settings', { ...s }),
};

/** Fetches a private upload with the operator token; returns an object URL (caller revokes). */
export async function fetchUpload(ref: string): Promise<string | null> {
  const token = getToken();
  const res = await fetch(ref, { headers: token ? { Authorization: token } : {} });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('image/')) return null;
  return URL.createObjectURL(await res.blob());
}
