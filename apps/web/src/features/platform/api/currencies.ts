/** Listed currencies (GET /api/currency/list). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';

export interface Currency {
  id: number;
  name: string;
  subName?: string | null;
  status: number | boolean;
  image?: string | null;
  decimals: number;
  color?: string | null;
}

export function useCurrencies() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['currencies', i18n.language],
    queryFn: ({ signal }) => api.get<Currency[]>('/currency/list', {}, { signal }),
    staleTime: 60_000,
  });
}
