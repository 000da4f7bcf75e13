/** Wallet balances (POST /api/wallet/list). Amounts are decimal strings. */
import type { AccountType } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useToken } from '../../../api/session';

export interface CoinView {
  id?: number;
  name: string;
  subName?: string | null;
  decimals: number;
  image?: string | null;
  color?: string | null;
  isFiat?: boolean;
  /** The bank channel's fiat currency (e.g. USD) for a fiat coin, else null. */
  fiat_code?: string | null;
}

export interface WalletAccount {
  account_type: AccountType;
  currency_id: number;
  currency: CoinView;
  available: string;
  frozen: string;
  /** available + frozen (the wallet balance). */
  total?: string;
  /** Converted value in USDT; null when the currency has no price (e.g. BANKCARD). */
  usdt_value?: string | null;
  price_usdt?: string | null;
}

export interface WalletList {
  total_usdt: string | null;
  accounts: WalletAccount[];
  types?: Array<{ account_type: AccountType; total_usdt: string }>;
  unvalued?: string[];
}

export function useWalletList() {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet-list', token],
    // The pages show their own loading state (skeletons), not the global loading toast.
    queryFn: ({ signal }) => api.post<WalletList>('/wallet/list', {}, { signal, loading: false }),
    enabled: Boolean(token),
  });
}
