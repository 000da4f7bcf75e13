/** Wallet balances (POST /api/wallet/list). Amounts are decimal strings. */
import type { AccountType } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useToken } from '../../../api/session';

export interface WalletAccount {
  account_type: AccountType;
  currency_id: number;
  currency: { name: string; subName?: string | null; decimals: number; image?: string | null; color?: string | null };
  available: string;
  frozen: string;
}

export interface WalletList {
  /** Null until the market can value every currency. */
  total_usdt: string | null;
  accounts: WalletAccount[];
}

export function useWalletList() {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet-list', token],
    queryFn: ({ signal }) => api.post<WalletList>('/wallet/list', {}, { signal }),
    enabled: Boolean(token),
  });
}
