/**
 * Console API of copy trading (`/api/admin/follow/*`): lead-trader applications and traders with
 * their review (approve with a profit-share rate, reject, suspend, resume; admins only, audited by
 * the server), and the copy log of placed and skipped copies. Amounts are decimal strings in USDT;
 * the console shows them as the server sends them.
 *
 * Requests are typed with the contract's request schemas (`z.input`, type-only: no zod reaches the
 * bundle). Their coerced fields (ids, pages, limits) have the input type `unknown`; `Sent`
 * narrows exactly those to the numbers the console sends and keeps every other field as declared.
 */
import type { z } from 'zod';
import type {
  AdminCopyLog,
  AdminTrader,
  AdminTraderPage,
  adminCopyLogQuerySchema,
  adminTraderReviewBodySchema,
  adminTradersQuerySchema,
} from '@bourse/contract';
import { apiGet, apiPost } from './client';

/** A request type with its `unknown` (coerced) fields as numbers. */
type Sent<T> = { [K in keyof T]: unknown extends T[K] ? number : T[K] };

/** GET /admin/follow/traders. */
export type FollowTradersQuery = Omit<Sent<z.input<typeof adminTradersQuerySchema>>, 'lang'>;
export type TraderStatus = AdminTrader['status'];
/** POST /admin/follow/traders/:id/review (`id` is the trader's user id). */
export type TraderReviewInput = Omit<Sent<z.input<typeof adminTraderReviewBodySchema>>, 'lang'>;
export type TraderReviewAction = TraderReviewInput['action'];
/** GET /admin/follow/copies. */
export type CopyLogQuery = Omit<Sent<z.input<typeof adminCopyLogQuerySchema>>, 'lang'>;
export type CopyLogEntry = AdminCopyLog['list'][number];

export const followApi = {
  traders: (q: FollowTradersQuery) => apiGet<AdminTraderPage>('/admin/follow/traders', { ...q }),
  review: (traderUserId: number, input: TraderReviewInput) =>
    apiPost<AdminTrader>(`/admin/follow/traders/${traderUserId}/review`, { ...input }),
  copies: (q: CopyLogQuery) => apiGet<AdminCopyLog>('/admin/follow/copies', { ...q }),
};

export const followKeys = {
  all: ['admin', 'follow'] as const,
  traders: (q: FollowTradersQuery) => ['admin', 'follow', 'traders', q] as const,
  copies: (q: CopyLogQuery) => ['admin', 'follow', 'copies', q] as const,
};
