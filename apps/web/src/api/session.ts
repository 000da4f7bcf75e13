/** The signed-in session (storage keys `token` and `user`). */
import { STORAGE_KEYS } from '@bourse/contract';
import { parseJson, storedValue } from '../lib/storage';

export interface SessionUser {
  id: number;
  email?: string | null;
  mobile?: string | null;
  nickname?: string | null;
  is_demo?: boolean | number;
  [field: string]: unknown;
}

export const tokenStore = storedValue<string | null>(
  STORAGE_KEYS.token,
  (raw) => (raw ? raw : null),
  (v) => v ?? '',
);

export const userStore = storedValue<SessionUser | null>(
  STORAGE_KEYS.user,
  (raw) => parseJson<SessionUser>(raw),
  (v) => JSON.stringify(v),
);

export function getToken(): string | null {
  return tokenStore.get();
}

export function useToken(): string | null {
  return tokenStore.use();
}

export function useUser(): SessionUser | null {
  return userStore.use();
}

/** Removes the stored token and user (logout, server type 999). */
export function clearSession(): void {
  tokenStore.set(null);
  userStore.set(null);
}
