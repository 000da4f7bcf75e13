/** Request schemas of the ledger's console calls (modules/ledger/admin-routes.ts). */
import { z } from 'zod';
import { langField, pageField } from './request-fields';

/** GET /admin/ledger/entries. */
export const journalQuerySchema = z.object({ page: pageField, limit: z.coerce.number().int().min(1).max(100).default(20), lang: langField });
