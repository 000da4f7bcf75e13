/** Home shortcuts (GET /api/menu); names come back translated for the request's lang. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@bourse/contract';
import { api } from '../../../api/client';

export function useMenu() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['menu', i18n.language],
    queryFn: ({ signal }) => api.get<MenuItem[]>('/menu', {}, { signal }),
    select: (items) => [...items].sort((a, b) => a.sort - b.sort),
    staleTime: 5 * 60_000,
  });
}
