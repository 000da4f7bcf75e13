/** Console API of content, messages and site settings (`/api/admin/content|messages|site/*`). */
import {
  LANGS,
  REQUEST_TIMEOUT_MS,
  type AdminContentCategory,
  type AdminContentItem,
  type AdminContentPage,
  type ContentCategoryUpdate,
  type Lang,
  type MenuRow,
  type SentMessage,
  type SentMessagePage,
  type SiteSettings,
  type SiteSettingsBody,
  type ContentItemBody,
  type ContentItemsQuery,
} from '@bourse/contract';
import { ApiError, apiGet, apiPost } from './client';
import { getToken } from './session';

export { LANGS, type Lang };

export type ItemInput = ContentItemBody;

export type ItemQuery = ContentItemsQuery;

export type MenuInput = Omit<MenuRow, 'id' | 'key'>;

/** Uploads an image (multipart, field `file`) to the upload store; resolves with its URL. */
async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch('/api/admin/content/upload?lang=en', {
      method: 'POST',
      body: form,
      headers,
      signal: controller.signal,
    });
    if (res.status !== 200)
      throw new ApiError('http', `Upload failed (HTTP ${res.status}).`, null, res.status);
    const body = (await res.json()) as { type: string; code: number; message: unknown; error?: string };
    if (body.type === 'ok' || body.code === 1) return String(body.message);
    throw new ApiError(
      'business',
      typeof body.message === 'string' ? body.message : 'Upload failed.',
      body.error ?? null,
    );
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError('network', 'Cannot reach the server. Check the connection and try again.');
  } finally {
    window.clearTimeout(timer);
  }
}

export const contentApi = {
  categories: () => apiGet<AdminContentCategory[]>('/admin/content/categories'),
  updateCategory: (id: number, patch: { names?: Record<string, string>; sort?: number; status?: number }) =>
    apiPost<ContentCategoryUpdate>(`/admin/content/categories/${id}`, { ...patch }),
  items: (q: ItemQuery) => apiGet<AdminContentPage>('/admin/content/items', { ...q }),
  item: (id: number) => apiGet<AdminContentItem>(`/admin/content/items/${id}`),
  create: (input: ItemInput) => apiPost<AdminContentItem>('/admin/content/items', { ...input }),
  update: (id: number, input: ItemInput) => apiPost<AdminContentItem>(`/admin/content/items/${id}`, { ...input }),
  remove: (id: number) => apiPost<{ id: number }>(`/admin/content/items/${id}/delete`),
  preview: (body: string) => apiPost<{ body: string }>('/admin/content/preview', { body }),
  upload: uploadImage,
  messages: (q: { page: number; limit: number }) => apiGet<SentMessagePage>('/admin/messages', { ...q }),
  sendMessage: (input: { user_id: number | null; title: string; body: string }) =>
    apiPost<SentMessage>('/admin/messages', { ...input }),
  siteSettings: () => apiGet<SiteSettings>('/admin/site/settings'),
  saveSiteSettings: (input: SiteSettingsBody) => apiPost<SiteSettings>('/admin/site/settings', { ...input }),
  menu: () => apiGet<MenuRow[]>('/admin/site/menu'),
  updateMenu: (id: number, input: MenuInput) => apiPost<MenuRow>(`/admin/site/menu/${id}`, { ...input }),
};

export const contentKeys = {
  categories: ['admin', 'content', 'categories'] as const,
  items: (q: ItemQuery) => ['admin', 'content', 'items', q] as const,
  item: (id: number) => ['admin', 'content', 'item', id] as const,
  messages: (q: { page: number; limit: number }) => ['admin', 'messages', q] as const,
  site: ['admin', 'site', 'settings'] as const,
  menu: ['admin', 'site', 'menu'] as const,
};
