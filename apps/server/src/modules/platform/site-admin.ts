/**
 * Console side of the platform settings: site identity, customer-service link, partner and media
 * lists, and the home shortcuts (menu). Every change is audited.
 */
import { isLang, type menuItemBodySchema, type siteSettingsBodySchema } from '@bourse/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { audit, type Operator } from '../operators';
import { safeUrl } from '../../lib/url-text';
import * as repo from './repo';
import { linkList, type SiteLink } from './service';

/** The site settings as the console sends them (POST /admin/site/settings), without the caller's language. */
export type SiteSettingsInput = Omit<z.infer<typeof siteSettingsBodySchema>, 'lang'>;

const EDITABLE = ['site_name', 'site_logo', 'customer_service_url', 'partners', 'media'] as const;

function invalid(field: string) {
  return new AppError('field_invalid', { field });
}

function cleanUrl(value: string, kind: 'link' | 'image', field: string): string {
  const v = value.trim();
  if (!v) return '';
  const url = safeUrl(v, kind);
  if (url === null) throw invalid(field);
  return url;
}

/** Pages of the app a link may open (hash routes of the web app, e.g. /pages/common/contact). */
const APP_PAGE = /^\/pages\/[A-Za-z0-9_\-/]+(\?[A-Za-z0-9_=&%.-]*)?$/;

/**
 * The customer-service link: an operator's chat (http/https), a mailto address, or a page of the
 * app (the built-in contact page, the messages inbox). Empty switches customer service off: the
 * app then hides its Support entries.
 */
function cleanServiceUrl(value: string): string {
  const v = value.trim();
  if (!v) return '';
  if (APP_PAGE.test(v) && !v.includes('..')) return v;
  if (!/^(https?:\/\/|mailto:)/i.test(v)) throw invalid('customer_service_url');
  return cleanUrl(v, 'link', 'customer_service_url');
}

export async function siteSettingsForConsole(ctx: AppContext) {
  const rows = await Promise.all(EDITABLE.map((k) => repo.getSetting(ctx.db, k)));
  const get = (i: number) => rows[i]?.value;
  return {
    site_name: typeof get(0) === 'string' ? (get(0) as string) : '',
    site_logo: typeof get(1) === 'string' ? (get(1) as string) : '',
    customer_service_url: typeof get(2) === 'string' ? (get(2) as string) : '',
    partners: linkList(get(3)),
    media: linkList(get(4)),
  };
}

export async function updateSiteSettings(
  ctx: AppContext,
  op: Operator,
  input: SiteSettingsInput,
  ip: string | null,
) {
  const before = await siteSettingsForConsole(ctx);
  const links = (list: SiteLink[], field: string) =>
    list
      .map((l) => ({
        name: l.name.trim(),
        logo: cleanUrl(l.logo, 'image', field),
        url: cleanUrl(l.url, 'link', field),
      }))
      .filter((l) => l.name);
  const next = {
    site_name: input.site_name.trim(),
    site_logo: cleanUrl(input.site_logo, 'image', 'site_logo'),
    customer_service_url: cleanServiceUrl(input.customer_service_url),
    partners: links(input.partners, 'partners'),
    media: links(input.media, 'media'),
  };
  if (!next.site_name) throw new AppError('field_required', { field: 'name' });
  const at = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (const key of EDITABLE) await repo.upsertSetting(trx, key, next[key], true, at);
  });
  await audit(ctx, op.id, 'site.settings.update', 'settings', before, next, ip);
  return next;
}

type MenuRow = NonNullable<Awaited<ReturnType<typeof repo.getMenuItem>>>;

/** A shortcut as the console edits it (names per language). */
function menuView(r: MenuRow) {
  return {
    id: r.id,
    key: r.key,
    icon: r.icon,
    url: r.url,
    sort: r.sort,
    status: r.status,
    names: r.names as Record<string, string>,
  };
}

export async function menuForConsole(ctx: AppContext) {
  const rows = await repo.listMenuAll(ctx.db);
  return rows.map(menuView);
}

/** A home shortcut as the console sends it (POST /admin/site/menu/:id), without the caller's language. */
export type MenuInput = Omit<z.infer<typeof menuItemBodySchema>, 'lang'>;

function cleanMenu(input: MenuInput): MenuInput {
  const names: Record<string, string> = {};
  for (const [lang, name] of Object.entries(input.names)) {
    if (!isLang(lang)) throw invalid('lang');
    if (name.trim()) names[lang] = name.trim().slice(0, 40);
  }
  if (!names.en) throw new AppError('field_required', { field: 'name' });
  const url = input.url.trim();
  // An app route, an https link, or "service:" (the customer-service link).
  if (url !== 'service:' && !/^\/[\w\-/.?=&]*$/.test(url) && safeUrl(url, 'link') === null)
    throw invalid('url');
  if (/^(mailto:)/i.test(url)) throw invalid('url');
  return { names, url, icon: input.icon.trim().slice(0, 300), sort: input.sort, status: input.status };
}

export async function updateMenu(
  ctx: AppContext,
  op: Operator,
  id: number,
  input: MenuInput,
  ip: string | null,
) {
  const before = await repo.getMenuItem(ctx.db, id);
  if (!before) throw new AppError('not_found');
  const after = await repo.updateMenuItem(ctx.db, id, cleanMenu(input));
  if (!after) throw new AppError('not_found');
  await audit(ctx, op.id, 'site.menu.update', `menu:${before.key}`, before, after, ip);
  return menuView(after);
}

export async function createMenu(
  ctx: AppContext,
  op: Operator,
  key: string,
  input: MenuInput,
  ip: string | null,
) {
  const created = await repo.insertMenuItem(ctx.db, { key, ...cleanMenu(input) });
  if (!created) throw invalid('key');
  await audit(ctx, op.id, 'site.menu.create', `menu:${key}`, undefined, created, ip);
  return menuView(created);
}
