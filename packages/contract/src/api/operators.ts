/**
 * Response messages of the operators module (modules/operators/routes.ts): console sign-in, the
 * operator list and the audit log.
 */
import { z } from 'zod';
import { isoTime } from './response';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** GET /admin/me: the signed-in operator. */
export const operatorSchema = z.object({ id: z.number(), username: z.string(), role: z.enum(OPERATOR_ROLES) });
export type Operator = z.infer<typeof operatorSchema>;

/** POST /admin/login: the console session token and who it belongs to. */
export const operatorLoginSchema = z.object({ token: z.string(), operator: operatorSchema });
export type OperatorLogin = z.infer<typeof operatorLoginSchema>;

/** One operator as GET /admin/operators lists it (POST /admin/operators answers the new one). */
export const operatorRowSchema = operatorSchema.extend({
  disabled: z.boolean(),
  created_at: isoTime,
  last_login_at: isoTime.nullable(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;
export const operatorListSchema = z.array(operatorRowSchema);

/** One audit-log record: who changed what, with the values before and after. */
export const auditRecordSchema = z.object({
  id: z.string(),
  operator_id: z.number().nullable(),
  operator_username: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: isoTime,
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** GET /admin/audit. */
export const auditPageSchema = z.object({ items: z.array(auditRecordSchema), total: z.number() });
export type AuditPage = z.infer<typeof auditPageSchema>;
