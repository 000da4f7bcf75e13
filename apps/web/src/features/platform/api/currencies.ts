/** Listed currencies (GET /api/currency/list). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrencyView } from '@bourse/contract';
import { api } from '../../../api/client';

export function useCurrencies() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['currencies', i18n.language],
    queryFn: ({ signal }) => api.get<CurrencyView[]>('/currency/list', {}, { signal }),
    staleTime: 60_000,
  });
}
