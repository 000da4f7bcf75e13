/** Wallet balances (POST /api/wallet/list). Amounts are decimal strings. */
import type { WalletOverview } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useToken } from '../../../api/session';

export function useWalletList() {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet-list', token],
    // The pages show their own loading state (skeletons), not the global loading toast.
    queryFn: ({ signal }) => api.post<WalletOverview>('/wallet/list', {}, { signal, loading: false }),
    enabled: Boolean(token),
  });
}
