/** Console API of the chain domain (`/api/admin/chain/*`): watchers, pending deposits, hot wallet, deposit settings. */
import type { ChainAssetBody, ChainAssetUpdate, ChainStatus } from '@bourse/contract';
import { apiGet, apiPost } from './client';

export const chainKeys = { status: ['admin', 'chain', 'status'] as const };

export const chainApi = {
  status: () => apiGet<ChainStatus>('/admin/chain/status'),
  updateAsset: (currencyId: number, body: ChainAssetBody) =>
    apiPost<ChainAssetUpdate>(`/admin/chain/assets/${currencyId}`, body),
};
