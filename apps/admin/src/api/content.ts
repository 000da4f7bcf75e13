/** Console API of content, messages and site settings (`/api/admin/content|messages|site/*`). */
import { LANGS, REQUEST_TIMEOUT_MS, type Lang } from '@bourse/contract';
import { ApiError, apiGet, apiPost } from './client';
import type { Page } from './admin';
import { getToken } from './session';

export { LANGS, type Lang };

export type ItemStatus = 'draft' | 'published' | 'hidden';

export interface Category {
  id: number;
  key: string;
  kind: 'list' | 'page' | 'banner' | 'faq';
  sort: number;
  status: number;
  names: Record<string, string>;
  items: number;
}

export interface Translation {
  lang: Lang;
  title: string;
  summary: string;
  body: string;
}

export interface ContentItem {
  id: number;
  category_id: number;
  status: ItemStatus;
  state: 'live' | 'scheduled' | 'draft' | 'hidden';
  publish_at: string | null;
  cover: string;
  link_url: string;
  sort: number;
  is_popup: boolean;
  is_demo: boolean;
  created_at: string;
  updated_at: string;
  translations: Translation[];
}

export interface ContentRow extends Omit<ContentItem, 'translations'> {
  title: string;
  langs: string[];
}

export interface ItemInput {
  category_id: number;
  status: ItemStatus;
  publish_at: string | null;
  cover: string;
  link_url: string;
  sort: number;
  is_popup: boolean;
  translations: Array<{ lang: Lang; title: string; summary: string; body: string }>;
}

export interface ItemQuery {
  page: number;
  limit: number;
  category_id?: number;
  status?: ItemStatus;
  q?: string;
}

export interface SentMessage {
  id: string;
  user_id: number | null;
  user: string | null;
  title: string;
  body: string;
  operator: string | null;
  reads: number;
  created_at: string;
}

export interface SiteLink {
  name: string;
  logo: string;
  url: string;
}

export interface SiteSettings {
  site_name: string;
  site_logo: string;
  customer_service_url: string;
  partners: SiteLink[];
  media: SiteLink[];
}

export interface MenuItem {
  id: number;
  key: string;
  icon: string;
  url: string;
  sort: number;
  status: number;
  names: Record<string, string>;
}

export type MenuInput = Omit<MenuItem, 'id' | 'key'>;

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
  categories: () => apiGet<Category[]>('/admin/content/categories'),
  updateCategory: (id: number, patch: { names?: Record<string, string>; sort?: number; status?: number }) =>
    apiPost<Category>(`/admin/content/categories/${id}`, { ...patch }),
  items: (q: ItemQuery) => apiGet<Page<ContentRow>>('/admin/content/items', { ...q }),
  item: (id: number) => apiGet<ContentItem>(`/admin/content/items/${id}`),
  create: (input: ItemInput) => apiPost<ContentItem>('/admin/content/items', { ...input }),
  update: (id: number, input: ItemInput) => apiPost<ContentItem>(`/admin/content/items/${id}`, { ...input }),
  remove: (id: number) => apiPost<{ id: number }>(`/admin/content/items/${id}/delete`),
  preview: (body: string) => apiPost<{ body: string }>('/admin/content/preview', { body }),
  upload: uploadImage,
  messages: (q: { page: number; limit: number }) => apiGet<Page<SentMessage>>('/admin/messages', { ...q }),
  sendMessage: (input: { user_id: number | null; title: string; body: string }) =>
    apiPost<SentMessage>('/admin/messages', { ...input }),
  siteSettings: () => apiGet<SiteSettings>('/admin/site/settings'),
  saveSiteSettings: (input: SiteSettings) => apiPost<SiteSettings>('/admin/site/settings', { ...input }),
  menu: () => apiGet<MenuItem[]>('/admin/site/menu'),
  updateMenu: (id: number, input: MenuInput) => apiPost<MenuItem>(`/admin/site/menu/${id}`, { ...input }),
};

export const contentKeys = {
  categories: ['admin', 'content', 'categories'] as const,
  items: (q: ItemQuery) => ['admin', 'content', 'items', q] as const,
  item: (id: number) => ['admin', 'content', 'item', id] as const,
  messages: (q: { page: number; limit: number }) => ['admin', 'messages', q] as const,
  site: ['admin', 'site', 'settings'] as const,
  menu: ['admin', 'site', 'menu'] as const,
};
