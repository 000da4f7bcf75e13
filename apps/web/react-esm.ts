/**
 * Vite plugin (client build only): React, ReactDOM (its client), the scheduler and the JSX runtime
 * as ES modules instead of CommonJS, same code.
 *
 * Why (issue 9: TBT on a phone): a CommonJS module is bundled as one function (Rolldown's
 * `__commonJS` wrapper), and ReactDOM's client is ≈ 180 KB minified. V8 compiles the top level
 * of a module script off the main thread while it streams, but a function only when it is first
 * called: the wrapper's first call was a full parse of the whole of ReactDOM on the main thread
 * (`V8.ParseFunction`, 100–300 ms at 4× CPU after the server's markup had painted). As ES modules,
 * their function declarations are hoisted to the top level of the `boot` chunk even with
 * `strictExecutionOrder` (only a module's statements go into its lazy-init function), so the
 * streaming compile handles them like the rest of the chunk.
 *
 * The conversion is mechanical, for the five production files only (nothing else in them is
 * CommonJS): `require("x")` becomes a default import of x, `exports.name` a property of a local
 * object; the module exports that object as its default (what `import React from 'react'` and a
 * CommonJS `require('react')` expect) and each of its properties by name, read once the body has
 * run, as CommonJS importers would. The bare specifiers resolve straight to the production files
 * (their index.js only picks the build by `process.env.NODE_ENV`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

const FILES: Record<string, string> = {
  react: 'react/cjs/react.production.js',
  'react/jsx-runtime': 'react/cjs/react-jsx-runtime.production.js',
  'react-dom': 'react-dom/cjs/react-dom.production.js',
  'react-dom/client': 'react-dom/cjs/react-dom-client.production.js',
  scheduler: 'scheduler/cjs/scheduler.production.js',
};

/** One production CommonJS file as an ES module (see above); throws on anything unexpected. */
export function cjsToEsm(code: string, file: string): string {
  if (/\bmodule\.|\bmodule\[|\bexports\[|\brequire\((?!"[\w/-]+"\))/.test(code)) {
    throw new Error(`react-esm: ${file} uses CommonJS in a way this conversion does not handle`);
  }
  const imports: string[] = [];
  const requires = new Map<string, string>();
  let body = code.replace(/\brequire\("([\w/-]+)"\)/g, (_, spec: string) => {
    let local = requires.get(spec);
    if (!local) {
      local = `__require_${requires.size}`;
      requires.set(spec, local);
      imports.push(`import ${local} from ${JSON.stringify(spec)};`);
    }
    return local;
  });
  const names = new Set<string>();
  for (const m of body.matchAll(/\bexports\.([A-Za-z_$][\w$]*)\s*=(?!=)/g)) names.add(m[1]!);
  if (!names.size) throw new Error(`react-esm: ${file} assigns no exports`);
  body = body.replace(/\bexports\./g, '__exports.');
  if (/\bexports\b/.test(body.replace(/__exports\b/g, ''))) {
    throw new Error(`react-esm: ${file} uses \`exports\` other than as \`exports.name\``);
  }
  const exported = [...names].map((n, i) => [n, `__export_${i}`] as const);
  return [
    ...imports,
    'var __exports = {};',
    body,
    ...exported.map(([n, local]) => `var ${local} = __exports.${n};`),
    `export { ${exported.map(([n, local]) => `${local} as ${n}`).join(', ')} };`,
    'export default __exports;',
    '',
  ].join('\n');
}

export function reactEsm(): Plugin {
  const paths = new Map<string, string>(); // bare specifier → production file
  const files = new Set<string>();
  return {
    name: 'bourse:react-esm',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    buildStart() {
      for (const [spec, file] of Object.entries(FILES)) {
        const [pkg, ...rest] = file.split('/');
        const path = join(dirname(require.resolve(`${pkg!}/package.json`)), ...rest);
        paths.set(spec, path);
        files.add(path);
      }
    },
    resolveId(source) {
      return paths.get(source) ?? null;
    },
    load(id) {
      if (!files.has(id)) return null;
      return { code: cjsToEsm(readFileSync(id, 'utf8'), id), map: null };
    },
  };
}
