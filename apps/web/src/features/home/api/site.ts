/** Site settings the home page reads: customer-service link, partner and media lists. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../../platform/api/settings';
import { showToast } from '../../../ui/toast';

export interface SiteLink {
  name: string;
  logo: string;
  url: string;
}

function links(value: unknown): SiteLink[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[])
    .filter(
      (v): v is Record<string, unknown> =>
        typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).name === 'string',
    )
    .map((v) => ({
      name: String(v.name),
      logo: typeof v.logo === 'string' ? v.logo : '',
      url: typeof v.url === 'string' ? v.url : '',
    }));
}

export function useSiteLinks(): { partners: SiteLink[]; media: SiteLink[] } {
  const { data } = useSiteSettings();
  return { partners: links(data?.partners), media: links(data?.media) };
}

/** Only http(s) links leave the app. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url);
}

/** Opens the operator's customer-service chat (setting customer_service_url) in a new tab. */
export function useServiceLink(): () => void {
  const { t } = useTranslation();
  const { data } = useSiteSettings();
  const url = typeof data?.customer_service_url === 'string' ? data.customer_service_url : '';
  return useCallback(() => {
    if (url && isHttpUrl(url)) window.open(url, '_blank', 'noopener,noreferrer');
    else showToast({ content: t('home.serviceUnavailable') });
  }, [url, t]);
}
