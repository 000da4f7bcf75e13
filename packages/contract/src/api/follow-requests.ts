/** Copy-trading API requests (apps/server/src/modules/follow): the /follow/* calls and the console's. */
import { z } from 'zod';
import { rowId } from '../ids';
import { FOLLOW_PERIODS, FOLLOW_SORTS } from './follow';
import { langField, pageField } from './request-fields';

export const FOLLOW_PAGE_SIZE = 10;
/** Profit share an operator may grant a trader at most (docs/product/follow.md). */
export const MAX_SHARE_RATE = '0.3';

const period = z.coerce
  .number()
  .int()
  .refine((d) => (FOLLOW_PERIODS as readonly number[]).includes(d), 'one of 7, 30, 90')
  .default(30);
const limit = z.coerce.number().int().min(1).max(50).default(FOLLOW_PAGE_SIZE);
const money = z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(40));

/** GET /follow/index */
export const traderListQuerySchema = z.object({
  period,
  sort: z.enum(FOLLOW_SORTS).default('roi'),
  page: pageField,
  limit,
  lang: langField,
});
/** GET /follow/traderDetail */
export const traderDetailQuerySchema = z.object({ trader_user_id: rowId, period, lang: langField });
/** GET /follow/historyTrade */
export const traderHistoryQuerySchema = z.object({
  trader_user_id: rowId,
  page: pageField,
  limit,
  lang: langField,
});

/**
 * POST /follow/follow: type 1 a fixed USDT margin per copy (`number`), type 2 a fixed ratio
 * (`number` × the lead's margin share of their account, applied to the follower's account).
 * `max_per_copy` caps each copy's margin; `stop_loss` stops the follow once its realised loss
 * reaches it.
 */
export const followBodySchema = z.object({
  trader_user_id: rowId,
  type: z.coerce.number().int().min(1).max(2),
  number: money,
  max_per_copy: money,
  stop_loss: money.optional(),
  lang: langField,
});

/** POST /follow/cancel: stop copying a trader (open copies close, profit share settles). */
export const followCancelBodySchema = z.object({
  trader_user_id: rowId.optional(),
  follow_user_id: rowId.optional(),
  lang: langField,
});

/** POST /follow/selfHolding */
export const selfHoldingBodySchema = z.object({ page: pageField, limit, lang: langField });

/** POST /follow/apply: become a lead trader (an operator reviews). */
export const leadApplyBodySchema = z.object({ bio: z.string().trim().min(1).max(300), lang: langField });
export const followLangQuerySchema = z.object({ lang: langField });

// ---- console ------------------------------------------------------------------------------------

export const adminTradersQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'suspended']).optional(),
  page: pageField,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: langField,
});
export const adminTraderParamsSchema = z.object({ id: rowId });
export const adminTraderReviewBodySchema = z.object({
  action: z.enum(['approve', 'reject', 'suspend', 'resume']),
  share_rate: z
    .string()
    .trim()
    .regex(/^0(\.\d{1,4})?$/)
    .optional(),
  lang: langField,
});
export const adminCopyLogQuerySchema = z.object({
  trader_user_id: rowId.optional(),
  follower_id: rowId.optional(),
  page: pageField,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: langField,
});
