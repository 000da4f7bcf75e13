/** Request schemas of the console's sign-in, operators and audit log (modules/operators/routes.ts). */
import { z } from 'zod';
import { OPERATOR_ROLES } from './operators';
import { langField, pageField } from './request-fields';

/** POST /admin/login. */
export const operatorLoginBodySchema = z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(128), lang: langField });

/** GET /admin/audit: every entry, or only the failed sign-ins. */
export const auditQuerySchema = z.object({
  page: pageField,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: langField,
  view: z.enum(['all', 'sign_in_failures']).default('all'),
});

/** POST /admin/operators. */
export const createOperatorBodySchema = z.object({
  username: z.string().trim().min(3).max(64).regex(/^[a-zA-Z0-9_.-]+$/),
  password: z.string().min(10).max(128),
  role: z.enum(OPERATOR_ROLES),
  lang: langField,
});
export type CreateOperatorBody = z.input<typeof createOperatorBodySchema>;

/** The audit log's page and view (all entries, or only the refused sign-ins). */
export type AuditQuery = Omit<z.output<typeof auditQuerySchema>, 'lang' | 'view'> & { view?: z.output<typeof auditQuerySchema>['view'] };
