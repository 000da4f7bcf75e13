import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdDeepImports } from './antd-deep-imports';
import { reactEsm } from './react-esm';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const backend = 'http://localhost:8080';
const entry = `${root}src/main.tsx`;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * The first screen's modules (everything the entry's start-up stages import statically, see
 * src/main.tsx; it all loads before the first render anyway) go into one `boot` chunk instead of
 * the ~20 small shared chunks automatic splitting makes: on a phone network each extra request
 * costs a round trip (issue 9: home LCP). Lazy pages keep their own chunks and import what they
 * share from `boot`. antdDeepImports keeps antd-mobile's barrel (which imports every component)
 * out of this graph.
 */
let initial: Set<string> | null = null;
function bootChunk(id: string, ctx: ModuleGraph): string | null {
  if (!initial) {
    initial = new Set();
    // The entry imports its stages dynamically (src/main.tsx); from them on, static imports only
    // (a lazy page's own imports stay in its chunk).
    const stack = [entry, ...(ctx.getModuleInfo(entry)?.dynamicallyImportedIds ?? [])];
    for (const id of stack) initial.add(id);
    while (stack.length) {
      for (const dep of ctx.getModuleInfo(stack.pop()!)?.importedIds ?? []) {
        if (!initial.has(dep)) {
          initial.add(dep);
          stack.push(dep);
        }
      }
    }
  }
  return id !== entry && initial.has(id) ? 'boot' : null;
}

/**
 * The server render of the home screen (src/ssr/entry.tsx; `vite build --ssr`, see package.json):
 * written into the client's dist as ssr/entry.js so one directory (WEB_DIST) holds both; the
 * server never serves that folder. Every dependency is bundled (antd-mobile's modules import CSS,
 * which Node cannot load) and React runs its production build, as in the browser.
 */
const ssrBuild = defineConfig({
  root,
  base: '/',
  plugins: [react(), antdDeepImports()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/ssr',
    emptyOutDir: true,
    target: 'node20',
    ssr: 'src/ssr/entry.tsx',
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'entry.js' } },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : {
  root,
  base: '/',
  plugins: [react(), antdDeepImports(), reactEsm()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: bootChunk }] },
        // Module bodies run when first imported, not when their chunk loads: src/main.tsx
        // evaluates the boot chunk in stages, one task each (issue 9: TBT).
        strictExecutionOrder: true,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
    },
  },
}));
