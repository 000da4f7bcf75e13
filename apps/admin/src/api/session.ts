/**
 * The operator session token, kept in localStorage under `admin_token` and observable from React
 * (useSyncExternalStore). Other tabs' sign-in/sign-out are picked up through the storage event.
 */

export const TOKEN_KEY = 'admin_token';

export type SignOutReason = 'signed_out' | 'expired';

export interface SessionSnapshot {
  token: string | null;
  /** Why the last session ended, shown once on the sign-in page. */
  endedBecause: SignOutReason | null;
}

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let snapshot: SessionSnapshot = { token: readStoredToken(), endedBecause: null };
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Private mode without storage: the session lives in memory for this tab.
  }
  publish({ token, endedBecause: null });
}

export function clearToken(reason: SignOutReason): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // ignore
  }
  if (snapshot.token === null && snapshot.endedBecause === reason) return;
  publish({ token: null, endedBecause: snapshot.token === null ? snapshot.endedBecause ?? reason : reason });
}

/** Forget the sign-out reason once the sign-in page has shown it. */
export function acknowledgeSessionEnd(): void {
  if (snapshot.endedBecause !== null) publish({ ...snapshot, endedBecause: null });
}

window.addEventListener('storage', (event) => {
  if (event.key !== TOKEN_KEY && event.key !== null) return;
  const token = readStoredToken();
  if (token === snapshot.token) return;
  publish({ token, endedBecause: token === null ? 'signed_out' : null });
});
