/** Site settings (GET /api/getercSetting), loaded at launch. */
import type { SiteConfig } from '@bourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const siteSettingsQuery = {
  queryKey: ['site-settings'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<SiteConfig>('/getercSetting', {}, { signal, loading: false }),
  staleTime: 5 * 60_000,
};

export function useSiteSettings() {
  return useQuery(siteSettingsQuery);
}

/** The site name to show, falling back to the product name. */
export function useSiteName(): string {
  const { data } = useSiteSettings();
  return data?.site_name?.trim() || 'Bourse';
}

export function useDemoMode(): boolean {
  const { data } = useSiteSettings();
  return data?.demo_mode === true;
}
