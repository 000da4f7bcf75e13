/** Account calls: user info, uploads, profile, real-name verification. */
import { useQuery } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import type { AvatarSet, KycState, NicknameSet, UserInfo } from '@bourse/contract';
import { API_BASE, api } from '../../../api/client';
import { getStoredLang } from '../../../api/lang';
import { getToken, userStore } from '../../../api/session';
import { compressImage } from '../lib/image';

export function useUserInfo() {
  return useQuery({
    queryKey: ['identity', 'userinfo'],
    queryFn: async ({ signal }) => {
      const u = await api.get<UserInfo>('/user/info', {}, { signal, loading: false });
      userStore.set(u);
      return u;
    },
  });
}

const UPLOAD_LANG: Record<string, string> = { zh: 'zh-cn', hk: 'zh-tw' };

/** POST /upload: multipart field `file`; the reference comes back as `message`. */
export async function uploadImage(file: Blob): Promise<string> {
  const compressed = await compressImage(file);
  const body = new FormData();
  body.append('file', compressed, compressed.type === 'image/jpeg' ? 'photo.jpg' : 'photo');
  const headers: Record<string, string> = { 'accept-language': UPLOAD_LANG[getStoredLang()] ?? 'en' };
  const token = getToken();
  if (token) headers.Authorization = token;
  const res = await fetch(`${API_BASE}/upload?lang=${getStoredLang()}`, { method: 'POST', body, headers });
  if (res.status !== 200) throw new Error('upload failed');
  const json = (await res.json()) as { type: string | number; message: unknown };
  if (json.type !== 'ok' || typeof json.message !== 'string') {
    if (typeof json.message === 'string') Toast.show({ content: json.message });
    throw new Error('upload refused');
  }
  return json.message;
}

export const setAvatar = (ref: string) => api.post<AvatarSet>('/user/uploadHeadPortrait', { head_portrait: ref });
export const setNickname = (nickname: string) => api.post<NicknameSet>('/user/editNickname', { nickname });

export function useKycState() {
  return useQuery({ queryKey: ['identity', 'kyc'], queryFn: ({ signal }) => api.get<KycState>('/real/state', {}, { signal, loading: false }) });
}

export const submitKyc = (p: { real_type: number; id_type?: string; name?: string; card_id?: string; front_pic: string; reverse_pic: string }) =>
  api.post<KycState>('/user/real', p);
