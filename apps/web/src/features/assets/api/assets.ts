/** Asset-centre calls (spec §7 Wallet): coin list, deposit address, withdrawal, transfer, exchange, records. */
import type { BankChannel } from '@bourse/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, type Params } from '../../../api/client';
import type { CoinView } from './wallet';

export interface Coin extends CoinView {
  id: number;
  status: number;
  available: string;
  frozen: string;
  /** Offered for deposit / withdrawal: enabled, with a network (or the bank channel set). */
  can_deposit: boolean;
  can_withdraw: boolean;
}

/**
 * The user's coins with balances. With `purpose` only those the server offers for deposit or
 * withdrawal (coins without a network and a bank channel without a receiving account are left out).
 */
export function useCoins(purpose?: 'deposit' | 'withdraw') {
  return useQuery({
    queryKey: ['assets', 'coins', purpose ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<Coin[]>('/currency/user_currency_list', purpose ? { purpose } : {}, { signal, loading: false }),
  });
}

export interface CurrencyConfig {
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
  withdraw_min: string;
  withdraw_max: string;
  withdraw_fee: string;
  withdraw_daily_limit: string;
  transfer_fee: string;
  exchange_enabled: boolean;
}

export interface WalletInfo {
  currency: Coin;
  can_deposit: boolean;
  can_withdraw: boolean;
  withdrawable: string;
  frozen: string;
  config: CurrencyConfig;
  withdrawn_today: string;
  rate_usdt: string | null;
  code_required: boolean;
  /** Bank-card channel (fiat currencies): where deposits are paid to; null until operators set one. */
  bank_channel: BankChannel | null;
}


export type { BankChannel };

export type CardKind = 'domestic' | 'international';
/** The user's bound bank card as /user/cash_info answers it (number masked), or null. */
export type BoundCard = Record<string, string> | null;

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

export interface DepositAddress {
  address: string;
  chain: string;
  confirmations: number;
  min_deposit: string;
  demo: boolean;
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

export interface Withdrawal {
  id: number;
  currency_id: number;
  currency_name: string;
  sub_name: string;
  address: string;
  network: string;
  amount: string;
  fee: string;
  receive: string;
  rate: string | null;
  status: 'review' | 'approved' | 'sent' | 'completed' | 'rejected';
  needs_two: boolean;
  reason: string | null;
  tx_hash: string | null;
  created_at: string;
  reviewed_at: string | null;
  sent_at: string | null;
  completed_at: string | null;
}

export interface Deposit {
  id: number;
  currency_id: number;
  currency_name: string;
  sub_name: string;
  amount: string;
  source: 'chain' | 'demo' | 'manual';
  status: 'review' | 'credited' | 'rejected';
  /** Manual deposits: the payment proof (a private upload, fetched with the session token). */
  proof: string | null;
  tx_hash: string | null;
  reason: string | null;
  created_at: string;
}

export interface Transfer {
  id: number;
  currency_id: number;
  currency_name: string;
  sub_name: string;
  from_field: string;
  to_field: string;
  amount: string;
  fee: string;
  created_at: string;
}

export interface Exchange {
  id: number;
  from_name: string;
  from_sub_name: string;
  to_name: string;
  to_sub_name: string;
  amount: string;
  fee: string;
  receive: string;
  price: string;
  created_at: string;
}

/** One action on one of the user's accounts (a journal entry's postings on it, summed). */
export interface JournalLine {
  id: string;
  entry_id: string;
  kind: string;
  currency_id: number;
  currency_name: string;
  sub_name: string;
  account_name: string;
  /** Change of the account's total (available + frozen); 0 for a freeze or a release. */
  amount: string;
  /** Change of the available and of the frozen part. */
  available: string;
  frozen: string;
  created_at: string;
}

export interface Page<T> {
  data: T[];
  page: number;
  has_more: boolean;
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
      (method === 'GET' ? api.get : api.post)<Page<T>>(
        path,
        { ...params, page: pageParam, limit: 10 },
        { signal, loading: false },
      ),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    refetchInterval: refetchMs,
  });
}

export interface Quote {
  quote_id: string;
  amount: string;
  fee: string;
  /** Exactly what will be booked: rounded down by the server to the places the app shows. */
  receive: string;
  /** The paid-for rate (to per from), spread included. */
  price: string;
  /** The same rate the usual way round: "1 base = price quote" (USDT quotes, or the dearer coin is the base). */
  display_price: { base: string; quote: string; price: string };
  index_price: string;
  expires_at: string;
  ttl_ms: number;
}

export interface BookAddress {
  id: number;
  currency: string;
  name: string;
  address: string;
  approve_status: number;
}

export function useAddressBook() {
  return useQuery({
    queryKey: ['identity', 'addresses', 'all'],
    queryFn: ({ signal }) =>
      api.get<{ data: BookAddress[] }>(
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
