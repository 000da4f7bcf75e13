/** Request schemas of the platform domain: site settings, home shortcuts (modules/platform routes). */
import { z } from 'zod';
import { langField } from './request-fields';

/** GET /getSetting. */
export const publicSettingQuerySchema = z.object({ keyword: z.string().trim().min(1).max(64), lang: langField });

/** A partner or media link of the site settings. */
const siteLinkBody = z.object({
  name: z.string().max(60),
  logo: z.string().max(2000).default(''),
  url: z.string().max(2000).default(''),
});

/** POST /admin/site/settings. */
export const siteSettingsBodySchema = z.object({
  site_name: z.string().max(60),
  site_logo: z.string().max(2000).default(''),
  customer_service_url: z.string().max(2000).default(''),
  partners: z.array(siteLinkBody).max(40).default([]),
  media: z.array(siteLinkBody).max(40).default([]),
  lang: langField,
});
export type SiteSettingsBody = z.input<typeof siteSettingsBodySchema>;

/** POST /admin/site/menu/:id (the `:id` is `idParamsSchema`). */
export const menuItemBodySchema = z.object({
  names: z.record(z.string(), z.string().max(60)),
  url: z.string().trim().min(1).max(500),
  icon: z.string().trim().max(300).default(''),
  sort: z.coerce.number().int().min(0).max(10000).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  lang: langField,
});

/** POST /admin/site/menu: a new shortcut with its key. */
export const menuItemCreateBodySchema = menuItemBodySchema.extend({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{2,32}$/, 'field_invalid'),
});
