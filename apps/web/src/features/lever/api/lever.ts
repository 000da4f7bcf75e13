/**
 * Leveraged trading on the client (/api/lever/*, docs/product/lever.md): the markets with the
 * lever-account balance and the policy (POST /lever/deal, signed out too), the preview and the
 * open (POST /lever/preview, /lever/submit), the position lists (POST /lever/my_trade), one
 * position (GET /lever/detail), take-profit/stop-loss (POST /lever/setstop) and closing
 * (POST /lever/close, /lever/dealall, /lever/batch_close).
 *
 * Requests are typed with the contract's request schemas (`z.output`: what the server accepts as
 * it is, type-only so no zod reaches the bundle); answers with its response types. Amounts and
 * prices stay decimal strings: the app shows what the server returns.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  LeverCloseResults,
  LeverDeal,
  LeverPosition,
  LeverPositionPage,
  LeverPreview,
  leverBatchCloseBodySchema,
  leverCloseAllBodySchema,
  leverCloseBodySchema,
  leverMyTradeBodySchema,
  leverSetStopBodySchema,
  leverSubmitBodySchema,
} from '@bourse/contract';
import { api } from '../../../api/client';
import { useToken } from '../../../api/session';

type Sent<T> = Omit<T, 'lang' | 'currency_id' | 'legal_id'>;

/** POST /lever/preview and /lever/submit: a market by id, side 1/2, leverage, and a quantity or a margin. */
export type LeverOpenBody = Sent<z.output<typeof leverSubmitBodySchema>>;
/** POST /lever/setstop: '' clears a price, an absent field keeps it. */
export type LeverStopBody = Sent<z.output<typeof leverSetStopBodySchema>>;
/** POST /lever/dealall: 0 every open position, 1 the longs, 2 the shorts. */
export type LeverCloseAllBody = Sent<z.output<typeof leverCloseAllBodySchema>>;
export type LeverCloseAllType = LeverCloseAllBody['type'];
type LeverCloseBody = Sent<z.output<typeof leverCloseBodySchema>>;
type LeverBatchBody = Sent<z.output<typeof leverBatchCloseBodySchema>>;
type LeverListBody = Sent<z.output<typeof leverMyTradeBodySchema>>;

/** Positions per page: open ones in pages of 50 (all on one screen), closed ones by the default 10. */
export const OPEN_PAGE_SIZE = 50;
export const CLOSED_PAGE_SIZE = 10;
/** 1 open, 2 closed: the `status` of /lever/my_trade. */
export const LEVER_LIST = { open: 1, closed: 2 } as const;

export const leverKeys = {
  all: ['lever'] as const,
  deal: (signedIn: boolean) => ['lever', 'deal', signedIn] as const,
  positions: (status: number) => ['lever', 'positions', status] as const,
  position: (id: string) => ['lever', 'position', id] as const,
  preview: (body: LeverOpenBody) => ['lever', 'preview', body] as const,
};

/** Markets (with their price, hours and terms), the policy, and the lever balance when signed in. */
export function useLeverDeal() {
  const signedIn = Boolean(useToken());
  return useQuery({
    queryKey: leverKeys.deal(signedIn),
    queryFn: ({ signal }) => api.post<LeverDeal>('/lever/deal', {}, { signal, loading: false, toast: false }),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

/** Open (status 1) or closed (status 2) positions, newest first, page by page. */
export function useLeverPositions(status: number, enabled: boolean) {
  const limit = status === LEVER_LIST.open ? OPEN_PAGE_SIZE : CLOSED_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: leverKeys.positions(status),
    queryFn: ({ pageParam, signal }) => {
      const body: LeverListBody = { status, page: pageParam, limit };
      return api.post<LeverPositionPage>(
        '/lever/my_trade',
        { ...body },
        { signal, loading: false, toast: false },
      );
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    // Open positions may close on the server (TP, SL, liquidation): no push event, so poll.
    refetchInterval: status === LEVER_LIST.open ? 10_000 : false,
  });
}

export function useLeverPosition(id: string | null) {
  return useQuery({
    queryKey: leverKeys.position(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<LeverPosition>('/lever/detail', { id: id ?? '' }, { signal, loading: false, toast: false }),
    enabled: id !== null && /^\d{1,18}$/.test(id),
  });
}

/** What the order would open at the current price; shown in the confirmation sheet, changes nothing. */
export function useLeverPreview(body: LeverOpenBody) {
  return useQuery({
    queryKey: leverKeys.preview(body),
    queryFn: ({ signal }) =>
      api.post<LeverPreview>('/lever/preview', { ...body }, { signal, loading: false, toast: false }),
    retry: false,
    gcTime: 0,
    // The price moves: the sheet's figures follow it (not after a refusal: the form must change).
    refetchInterval: (q) => (q.state.status === 'error' ? false : 5_000),
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: leverKeys.all });
}

/** Opens a position; the body carries the confirmation's client key, so a retry cannot open twice. */
export function useOpenPosition() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeverOpenBody) => api.post<LeverPosition>('/lever/submit', { ...body }),
    onSettled: refresh,
  });
}

export function useSetStops() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeverStopBody) => api.post<LeverPosition>('/lever/setstop', { ...body }),
    onSuccess: refresh,
  });
}

export function useClosePosition() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeverCloseBody) => api.post<LeverPosition>('/lever/close', { ...body }),
    onSettled: refresh,
  });
}

export function useCloseAll() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LeverCloseAllBody) => api.post<LeverCloseResults>('/lever/dealall', { ...body }),
    onSettled: refresh,
  });
}

export function useBatchClose() {
  const refresh = useRefresh();
  return useMutation({
    // Sent as "1,2,3": the form body has no arrays.
    mutationFn: (body: LeverBatchBody) =>
      api.post<LeverCloseResults>('/lever/batch_close', { ids: body.ids.join(',') }),
    onSettled: refresh,
  });
}
