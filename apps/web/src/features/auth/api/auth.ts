/** Session calls: login and registration (message is the token), codes, password reset, wallet sign-in. */
import type { CodeScene, CodeSent, SessionToken, UserInfo, ForgetPasswordBody, RegisterBody } from '@bourse/contract';
import { api } from '../../../api/client';
import { clearSession, tokenStore, userStore, type SessionUser } from '../../../api/session';

export type Scene = CodeScene;

/** Stores the token, loads the user; on failure nothing stays stored. */
export async function adoptToken(token: unknown): Promise<SessionUser> {
  if (typeof token !== 'string' || token === '') throw new Error('no token returned');
  tokenStore.set(token);
  try {
    return await refreshUser();
  } catch (err) {
    clearSession();
    throw err;
  }
}

export async function refreshUser(): Promise<SessionUser> {
  const user = await api.get<UserInfo>('/user/info');
  userStore.set(user);
  return user;
}

export async function login(userString: string, password: string): Promise<SessionUser> {
  return adoptToken(await api.post<SessionToken>('/user/login', { user_string: userString, password }));
}

export async function logout(): Promise<void> {
  try {
    await api.get('/user/logout', {}, { toast: false });
  } finally {
    clearSession();
  }
}

export interface CodeTarget {
  channel: 'email' | 'sms';
  userString?: string;
  areaCode?: string;
}

export async function sendCode(target: CodeTarget, scene: Scene): Promise<CodeSent> {
  if (target.channel === 'email') return api.post<CodeSent>('/sms_mail', { user_string: target.userString, scene });
  return api.post<CodeSent>('/sms_send', { user_string: target.userString, area_code: target.areaCode, scene });
}

/** `area_code_id` (a number the server reads as text too) is not sent by the app. */
export type RegisterInput = Omit<RegisterBody, 'area_code_id'>;

export async function register(input: RegisterInput): Promise<SessionUser> {
  return adoptToken(await api.post<SessionToken>('/user/register', { ...input }));
}

export async function forgetPassword(input: ForgetPasswordBody) {
  await api.post<null>('/user/forget', { ...input });
}

/** The invite code from the page address (?invite= or ?code= in the query or the hash route). */
export function inviteFromLocation(): string {
  const sources = [window.location.search, window.location.hash.split('?')[1] ?? ''];
  for (const s of sources) {
    const q = new URLSearchParams(s);
    const v = q.get('invite') ?? q.get('extension_code') ?? q.get('code');
    if (v && /^[A-Za-z0-9]{4,32}$/.test(v)) return v.toUpperCase();
  }
  return '';
}
