import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles a crash test's child script once into plain JavaScript (our sources only; packages stay
 * external), so each of its twenty restarts costs a Node start rather than a tsx transform of the
 * module tree. esbuild comes with tsx. Returns the path of the .mjs file to run with `node`.
 */
export async function bundleChild(entry: string): Promise<string> {
  const name = entry.split('/').slice(-2).join('-').replace(/\.ts$/, '');
  const outfile = join(import.meta.dirname, '../../../node_modules/.cache/bourse-crash-children', `${name}-${process.pid}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@bourse/') ? undefined : { path: a.path, external: true }));
        },
      },
    ],
  });
  return outfile;
}
