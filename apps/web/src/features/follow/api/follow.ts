/**
 * Copy trading on the client (/api/follow/*, notes in docs/product/follow.md): lead traders by
 * period and sort (GET /follow/index, signed out too), one trader with the NAV-per-unit curve
 * (GET /follow/traderDetail) and closed positions (GET /follow/historyTrade), following and
 * stopping (POST /follow/follow, /follow/cancel), the caller's follows and copy log
 * (POST /follow/selfHolding), and the caller as a lead trader (GET /follow/lead, POST /follow/apply).
 *
 * Requests are typed with the contract's request schemas (`z.input`, type-only so no zod reaches
 * the bundle); coerced fields (ids, pages, periods) have the input type `unknown` and are narrowed
 * to the numbers the app sends. Answers use the contract's response types; amounts stay decimal
 * strings: the app shows what the server returns.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Follow,
  LeadProfile,
  SelfHolding,
  TraderDetail,
  TraderPage,
  TraderTradePage,
  followBodySchema,
  followCancelBodySchema,
  leadApplyBodySchema,
  selfHoldingBodySchema,
  traderDetailQuerySchema,
  traderHistoryQuerySchema,
  traderListQuerySchema,
} from '@bourse/contract';
import { api } from '../../../api/client';
import { useToken } from '../../../api/session';

/** A request type without `lang` (the client adds it), its `unknown` (coerced) fields as numbers. */
type Sent<T> = Omit<{ [K in keyof T]: unknown extends T[K] ? number : T[K] }, 'lang'>;

export type TraderListQuery = Sent<z.input<typeof traderListQuerySchema>>;
export type TraderDetailQuery = Sent<z.input<typeof traderDetailQuerySchema>>;
export type TraderHistoryQuery = Sent<z.input<typeof traderHistoryQuerySchema>>;
/** POST /follow/follow: type 1 fixed amount (USDT margin per copy), 2 fixed ratio (a multiple). */
export type FollowBody = Sent<z.input<typeof followBodySchema>>;
export type FollowCancelBody = Sent<z.input<typeof followCancelBodySchema>>;
export type SelfHoldingBody = Sent<z.input<typeof selfHoldingBodySchema>>;
export type LeadApplyBody = Sent<z.input<typeof leadApplyBodySchema>>;

export type FollowPeriod = 7 | 30 | 90;
export type FollowSort = NonNullable<TraderListQuery['sort']>;

export const FOLLOW_LIST_SIZE = 10;

export const followKeys = {
  all: ['follow'] as const,
  list: (period: number, sort: string, signedIn: boolean) =>
    ['follow', 'list', period, sort, signedIn] as const,
  detail: (id: number, period: number, signedIn: boolean) =>
    ['follow', 'detail', id, period, signedIn] as const,
  trades: (id: number) => ['follow', 'trades', id] as const,
  mine: ['follow', 'mine'] as const,
  lead: ['follow', 'lead'] as const,
};

const quiet = { loading: false, toast: false } as const;

/** Approved lead traders for a period, sorted, page by page (`following` when signed in). */
export function useTraders(period: FollowPeriod, sort: FollowSort) {
  const signedIn = Boolean(useToken());
  return useInfiniteQuery({
    queryKey: followKeys.list(period, sort, signedIn),
    queryFn: ({ pageParam, signal }) => {
      const q: TraderListQuery = { period, sort, page: pageParam, limit: FOLLOW_LIST_SIZE };
      return api.get<TraderPage>('/follow/index', { ...q }, { signal, ...quiet });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

export function useTraderDetail(id: number | null, period: FollowPeriod) {
  const signedIn = Boolean(useToken());
  return useQuery({
    queryKey: followKeys.detail(id ?? 0, period, signedIn),
    queryFn: ({ signal }) => {
      const q: TraderDetailQuery = { trader_user_id: id ?? 0, period };
      return api.get<TraderDetail>('/follow/traderDetail', { ...q }, { signal, ...quiet });
    },
    enabled: id !== null,
  });
}

/** The trader's closed leverage positions, newest first. */
export function useTraderTrades(id: number | null) {
  return useInfiniteQuery({
    queryKey: followKeys.trades(id ?? 0),
    queryFn: ({ pageParam, signal }) => {
      const q: TraderHistoryQuery = { trader_user_id: id ?? 0, page: pageParam, limit: FOLLOW_LIST_SIZE };
      return api.get<TraderTradePage>('/follow/historyTrade', { ...q }, { signal, ...quiet });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: id !== null,
  });
}

/** The caller's follows (all of them on every page, active first) and their copies, latest first. */
export function useSelfHolding(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: followKeys.mine,
    queryFn: ({ pageParam, signal }) => {
      const body: SelfHoldingBody = { page: pageParam, limit: FOLLOW_LIST_SIZE };
      return api.post<SelfHolding>('/follow/selfHolding', { ...body }, { signal, ...quiet });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    // Copies are placed and closed by the server when the lead trades: no push event, so poll.
    refetchInterval: 15_000,
  });
}

export function useLeadProfile(enabled: boolean) {
  return useQuery({
    queryKey: followKeys.lead,
    queryFn: ({ signal }) => api.get<LeadProfile>('/follow/lead', {}, { signal, ...quiet }),
    enabled,
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: followKeys.all });
    // Copies are leverage positions of the caller.
    void qc.invalidateQueries({ queryKey: ['lever'] });
  };
}

export function useStartFollow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: FollowBody) => api.post<Follow>('/follow/follow', { ...body }),
    onSettled: refresh,
  });
}

export function useStopFollow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: FollowCancelBody) => api.post<Follow>('/follow/cancel', { ...body }),
    onSettled: refresh,
  });
}

export function useApplyLead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeadApplyBody) => api.post<LeadProfile>('/follow/apply', { ...body }),
    onSettled: refresh,
  });
}
