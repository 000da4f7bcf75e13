/**
 * Whether the browser may hydrate the server-rendered home screen (src/ssr/entry.tsx) or must
 * throw it away and render on its own. The server renders `/` as a visitor in the cookie's
 * language with the default fiat; hydrating anything else would mismatch (React would log errors
 * and re-render), so every other case starts from an empty #root.
 */
import { HOME_HASH, type Lang } from '@bourse/contract';

export interface ClientState {
  /** window.location.hash */
  hash: string;
  lang: Lang;
  token: string | null;
  /** The chosen fiat is the default (USD), so prices and notes read as the server rendered them. */
  defaultFiat: boolean;
}

/** `#/`, no hash, or the home path, with or without a query. */
export function isHomeHash(hash: string): boolean {
  return HOME_HASH.test(hash);
}

/** `data-ssr` on #root names the language the server rendered in; absent when it did not. */
export function canHydrate(ssrLang: string | undefined, state: ClientState): boolean {
  return (
    ssrLang !== undefined &&
    ssrLang === state.lang &&
    state.token === null &&
    state.defaultFiat &&
    isHomeHash(state.hash)
  );
}
