/**
 * What the server's render of Home (apps/server/src/http/boot-page.ts) and the web app
 * (apps/web/src/ssr) agree on. Hash routes never reach the server, so it always renders Home;
 * the page drops that markup on any other route.
 */

/** Hashes that show Home: none, `#/`, or the home path, with or without a query. */
export const HOME_HASH = /^(#\/?)?(pages\/index\/index\/?)?(\?[^#]*)?$/;
