/**
 * Response messages of the platform module (modules/platform: routes.ts, admin-routes.ts): site
 * configuration, home shortcuts, fiat rates, and the console's site settings and menu.
 */
import { z } from 'zod';
import { LANGS } from '../langs';
import { decimalText } from './response';

/** A partner or media link of the home page. */
export const siteLinkSchema = z.object({ name: z.string(), logo: z.string(), url: z.string() });
export type SiteLink = z.infer<typeof siteLinkSchema>;

/** GET /getercSetting, POST /index/config: the site configuration loaded at launch. */
export const siteConfigSchema = z.object({
  site_name: z.string(),
  site_logo: z.string(),
  customer_service_url: z.string(),
  default_lang: z.enum(LANGS),
  demo_mode: z.boolean(),
  partners: z.array(siteLinkSchema),
  media: z.array(siteLinkSchema),
  /** Always empty: wallet connect is sign-in only and names no spender. */
  address: z.string(),
  contract_address: z.string(),
  /** Sign-in with a wallet (EIP-4361): the domain and chain the message names. */
  siwe: z.object({ domain: z.string().nullable(), chain_id: z.number() }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /menu: the home shortcuts, names in the caller's language. */
export const menuSchema = z.array(
  z.object({ id: z.number(), key: z.string(), name: z.string(), icon: z.string(), url: z.string(), sort: z.number() }),
);
export type MenuItem = z.infer<typeof menuSchema>[number];

/** GET /fiat/rates: units of each fiat per 1 USD. */
export const fiatRateSchema = z.object({
  currency_code: z.string(),
  rate: decimalText,
  /** When the rate was stored (epoch milliseconds). */
  saveTime: z.number(),
});
export type FiatRate = z.infer<typeof fiatRateSchema>;
export const fiatRateListSchema = z.array(fiatRateSchema);

/** GET and POST /admin/site/settings. */
export const siteSettingsSchema = z.object({
  site_name: z.string(),
  site_logo: z.string(),
  customer_service_url: z.string(),
  partners: z.array(siteLinkSchema),
  media: z.array(siteLinkSchema),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** One home shortcut as the console edits it (GET /admin/site/menu; POST answers the saved one). */
export const menuRowSchema = z.object({
  id: z.number(),
  key: z.string(),
  icon: z.string(),
  url: z.string(),
  sort: z.number(),
  /** 1 shown, 0 hidden. */
  status: z.number(),
  /** Name per language code. */
  names: z.record(z.string(), z.string()),
});
export type MenuRow = z.infer<typeof menuRowSchema>;
export const menuRowListSchema = z.array(menuRowSchema);
