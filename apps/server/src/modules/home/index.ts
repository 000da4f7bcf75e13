/**
 * Home: the web app's index.html with the first screen's data inlined and Home rendered on the
 * server (boot-page.ts). It reads content, market and platform through their index files.
 */
export { bootPage, pageLang, renderBootPage, bootQueries, RENDER_BLOCK, BOOT_CACHE_MS, type BootPage, type HomeRenderer } from './boot-page';
