import { AppError } from '../../http/errors';
import type { AppContext } from '../../context';
import { toLang, type Lang } from '@bourse/contract';
import * as repo from './repo';
import { DEFAULT_MENU, DEFAULT_SETTINGS } from './defaults';
import { ensureBundledFiatRates } from './fiat';

/** Creates the default settings, menu and fiat table where missing (every start; idempotent). */
export async function ensurePlatformDefaults(ctx: AppContext): Promise<void> {
  for (const s of DEFAULT_SETTINGS) await repo.insertSettingIfMissing(ctx.db, s.key, s.value, s.public);
  for (const m of DEFAULT_MENU) await repo.insertMenuIfMissing(ctx.db, m);
  await ensureBundledFiatRates(ctx);
}

export async function publicSetting(ctx: AppContext, keyword: string): Promise<unknown> {
  const row = await repo.getSetting(ctx.db, keyword);
  if (!row || !row.is_public) throw new AppError('setting_not_found');
  return row.value;
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

export interface SiteLink {
  name: string;
  logo: string;
  url: string;
}

/** A stored partner/media list, keeping only well-formed entries. */
export function linkList(value: unknown): SiteLink[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    .map((v) => ({ name: text(v.name, ''), logo: text(v.logo, ''), url: text(v.url, '') }))
    .filter((v) => v.name);
}

/** Site configuration for the client's launch (site_logo, site_name, address, contract_address). */
export async function siteConfig(ctx: AppContext) {
  const s = await repo.getPublicSettings(ctx.db, [
    'site_name',
    'site_logo',
    'customer_service_url',
    'siwe_chain_id',
    'default_lang',
    'partners',
    'media',
  ]);
  const origin = ctx.config.publicOrigin;
  return {
    site_name: text(s.get('site_name'), 'Bourse'),
    site_logo: text(s.get('site_logo'), ''),
    customer_service_url: text(s.get('customer_service_url'), ''),
    default_lang: toLang(s.get('default_lang')),
    demo_mode: ctx.config.demoData,
    partners: linkList(s.get('partners')),
    media: linkList(s.get('media')),
    // Wallet connect is sign-in only (EIP-4361): these name the sign-in, never a spender.
    address: '',
    contract_address: '',
    siwe: { domain: origin ? new URL(origin).host : null, chain_id: Number(s.get('siwe_chain_id') ?? 1) },
  };
}

export async function menu(ctx: AppContext, lang: Lang) {
  const rows = await repo.listMenu(ctx.db);
  return rows.map((r) => {
    const names = (r.names ?? {}) as Partial<Record<Lang, string>>;
    return {
      id: r.id,
      key: r.key,
      name: names[lang] ?? names.en ?? r.key,
      icon: r.icon,
      url: r.url,
      sort: r.sort,
    };
  });
}

/**
 * Demo data: fills a public setting once, when it is still empty. A marker remembers the seeding,
 * so an operator who later empties the setting does not see the demo value come back.
 */
export async function setSettingIfMissing(ctx: AppContext, key: string, value: unknown): Promise<void> {
  const marker = `demo_seeded:${key}`;
  if (await repo.getSetting(ctx.db, marker)) return;
  const row = await repo.getSetting(ctx.db, key);
  const empty = !row || row.value === '' || (Array.isArray(row.value) && row.value.length === 0);
  const at = ctx.clock.now();
  if (empty) await repo.upsertSetting(ctx.db, key, value, true, at);
  await repo.upsertSetting(ctx.db, marker, true, false, at);
}
