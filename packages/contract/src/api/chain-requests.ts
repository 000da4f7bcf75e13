/** Request schemas of the chain domain: deposit addresses and the console's deposit settings (modules/chain routes). */
import { z } from 'zod';
import { rowId } from '../ids';
import { langField } from './request-fields';

/** POST /wallet/get_in_address: `user_id`, when sent, must be the caller. */
export const depositAddressBodySchema = z.object({ currency: rowId, user_id: rowId.optional(), lang: langField });

/** POST /admin/chain/assets/:id (the `:id` is `idParamsSchema`). */
export const chainAssetBodySchema = z.object({
  min_deposit: z.string().max(80).optional(),
  enabled: z.boolean().optional(),
  lang: langField,
});
export type ChainAssetBody = z.input<typeof chainAssetBodySchema>;
