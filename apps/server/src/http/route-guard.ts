import { HOME_HASH, STORAGE_KEYS } from '@bourse/contract';

/**
 * Runs in <head>, before anything paints: unless the browser is about to hydrate the markup (Home,
 * the rendered language, no session, default fiat: the rule of apps/web/src/ssr/hydration.ts,
 * from the same localStorage keys), it marks <html> so the markup stays hidden, and a link to
 * another page, a signed-in user or another language never sees the visitor's Home first. The app
 * removes the mark once it has rendered. Allowed by its hash in the CSP (http/security-headers.ts);
 * nothing in it varies (the rendered language is read from <html data-ssr>).
 */
export const ROUTE_GUARD_SCRIPT =
  `try{var d=document.documentElement,s=localStorage;` +
  `if(!${String(HOME_HASH)}.test(location.hash)||s.getItem("${STORAGE_KEYS.token}")||` +
  `(s.getItem("${STORAGE_KEYS.lang}")||"en")!==d.dataset.ssr||(s.getItem("${STORAGE_KEYS.fiat}")||"USD")!=="USD")` +
  `d.setAttribute("data-ssr-drop","")}catch(e){}`;
