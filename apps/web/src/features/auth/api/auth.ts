/** Session calls: login (message is the token), user info, logout. */
import { api } from '../../../api/client';
import { clearSession, tokenStore, userStore, type SessionUser } from '../../../api/session';

export async function login(userString: string, password: string): Promise<SessionUser> {
  const token = await api.post<string>('/user/login', { user_string: userString, password });
  if (typeof token !== 'string' || token === '') throw new Error('login returned no token');
  tokenStore.set(token);
  try {
    const user = await api.get<SessionUser>('/user/info');
    userStore.set(user);
    return user;
  } catch (err) {
    clearSession();
    throw err;
  }
}

export async function logout(): Promise<void> {
  try {
    await api.get('/user/logout', {}, { toast: false });
  } finally {
    clearSession();
  }
}
