/** Asset-centre calls: coin list, deposit address, withdrawal, transfer, exchange, records. */
import type {
  BookAddressPage,
  DepositAddress,
  DomesticCard,
  InternationalCard,
  MoreList,
  UserCoin,
  WalletInfo,
} from '@bourse/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, type Params } from '../../../api/client';

/**
 * The user's coins with balances. With `purpose` only those the server offers for deposit or
 * withdrawal (coins without a network and a bank channel without a receiving account are left out).
 */
export function useCoins(purpose?: 'deposit' | 'withdraw') {
  return useQuery({
    queryKey: ['assets', 'coins', purpose ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<UserCoin[]>('/currency/user_currency_list', purpose ? { purpose } : {}, { signal, loading: false }),
  });
}

export type CardKind = 'domestic' | 'international';
/** The user's bound bank card as /user/cash_info(_international) answers it (number masked), or null. */
export type BoundCard = DomesticCard | InternationalCard;

export function useBoundCard(kind: CardKind, enabled: boolean) {
  return useQuery({
    queryKey: ['identity', 'card', kind],
    queryFn: ({ signal }) =>
      api.post<BoundCard>(
        kind === 'domestic' ? '/user/cash_info' : '/user/cash_info_international',
        {},
        {
          signal,
          loading: false,
        },
      ),
    enabled,
  });
}

export function useWalletInfo(currency: number | null) {
  return useQuery({
    queryKey: ['assets', 'info', currency],
    queryFn: ({ signal }) =>
      api.post<WalletInfo>('/wallet/get_info', { currency }, { signal, loading: false }),
    enabled: currency !== null,
  });
}

export function useDepositAddress(currency: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['assets', 'in-address', currency],
    queryFn: ({ signal }) =>
      api.post<DepositAddress>(
        '/wallet/get_in_address',
        { currency },
        { signal, loading: false, toast: false },
      ),
    enabled: currency !== null && enabled,
    retry: false,
  });
}

/** A paged list with "no more data" at the end (page size 10). */
export function usePaged<T>(
  key: unknown[],
  method: 'GET' | 'POST',
  path: string,
  params: Params = {},
  enabled = true,
  refetchMs?: number,
) {
  return useInfiniteQuery({
    queryKey: ['assets', ...key, params],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      (method === 'GET' ? api.get : api.post)<MoreList<T>>(
        path,
        { ...params, page: pageParam, limit: 10 },
        { signal, loading: false },
      ),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    refetchInterval: refetchMs,
  });
}

export function useAddressBook() {
  return useQuery({
    queryKey: ['identity', 'addresses', 'all'],
    queryFn: ({ signal }) =>
      api.get<BookAddressPage>(
        '/user/wallet/list',
        { page: 1, limit: 100 },
        { signal, loading: false },
      ),
  });
}

export function coinLabel(c: { name: string; subName?: string | null; sub_name?: string | null }): string {
  const sub = c.subName ?? c.sub_name;
  return sub ? `${c.name} ${sub}` : c.name;
}

/** What a coin's amounts are in: its name, or for the bank channel its fiat currency (e.g. USD). */
export function coinUnit(c: { name: string; isFiat?: boolean; fiat_code?: string | null }): string {
  return c.isFiat && c.fiat_code ? c.fiat_code : c.name;
}

/** New random key per money-moving form submission (a retried request reuses it). */
export function newIdempotencyKey(): string {
  const a = new Uint8Array(12);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}
