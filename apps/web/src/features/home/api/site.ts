/** Site settings the home page reads: customer-service link, partner and media lists. */
import type { SiteLink } from '@bourse/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSiteSettings } from '../../platform/api/settings';

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

/** An app page the service link may name (a hash route, e.g. /pages/common/contact). */
export function isAppPage(url: string): boolean {
  return /^\/pages\/[A-Za-z0-9_\-/]+(\?[A-Za-z0-9_=&%.-]*)?$/.test(url) && !url.includes('..');
}

export interface ServiceLink {
  /** False when operators have set no usable link: Support entries are then hidden. */
  available: boolean;
  /** Opens the chat (http/https, in a new tab), the mail client (mailto) or the app page. */
  open: () => void;
}

/** Customer service (setting customer_service_url): an operator's chat, a mailto address or an app page. */
export function useServiceLink(): ServiceLink {
  const navigate = useNavigate();
  const { data } = useSiteSettings();
  const raw = typeof data?.customer_service_url === 'string' ? data.customer_service_url.trim() : '';
  const url = isHttpUrl(raw) || /^mailto:[^\s]+$/i.test(raw) || isAppPage(raw) ? raw : '';
  const open = useCallback(() => {
    if (!url) return;
    if (isAppPage(url)) void navigate(url);
    else if (isHttpUrl(url)) window.open(url, '_blank', 'noopener,noreferrer');
    else window.location.href = url;
  }, [url, navigate]);
  return { available: url !== '', open };
}
