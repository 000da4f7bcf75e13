/**
 * The repository's documentation stands on its own (files only, no database):
 * - no file names the design, specification or product-mechanics files kept outside the
 *   repository, or cites the specification's sections; the product rules the code relies on are
 *   in docs/product/;
 * - every docs/… page a file names exists (e.g. `docs/product/settlement.md` in a source comment);
 * - every relative link in the Markdown under docs/ and in README.md resolves;
 * - docs/architecture.md stays at most 2,500 words (the detail lives in docs/modules/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const ROOTS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'coverage']);

/**
 * Names of the outside files, assembled so that this file does not name them itself. Matched
 * case-sensitively anywhere in a file's text.
 */
const SHARED = ['..', 'shared'].join('/');
const DESIGN = ['DESIGN', 'md'].join('.');
const PRODUCTS = ['products', 'md'].join('.');
const SPEC = ['spec', 'md'].join('.');
/** A citation of the outside specification's sections ("spec" and a section sign). */
const SPEC_SECTIONS = ['spec', 'Spec'].map((w) => [w, '\u00a7'].join(' '));
const OUTSIDE = [SHARED, DESIGN, PRODUCTS, SPEC, ...SPEC_SECTIONS];

/**
 * Lines still naming an outside file, in a page another change is rewriting. The list may only
 * shrink: an entry that no longer matches a line fails the last test, so delete it then.
 */
const PENDING: Record<string, string[]> = {};

interface TextFile {
  path: string;
  text: string;
}

function walk(rel: string, out: TextFile[]): void {
  const abs = join(ROOT, rel);
  if (!existsSync(abs)) return;
  if (statSync(abs).isDirectory()) {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (e.isDirectory() ? SKIP_DIRS.has(e.name) || e.name.startsWith('.') : !e.isFile()) continue;
      walk(join(rel, e.name), out);
    }
    return;
  }
  const buf = readFileSync(abs);
  if (!buf.includes(0)) out.push({ path: rel, text: buf.toString('utf8') }); // binary files (images) skipped
}

const files: TextFile[] = [];
for (const r of ROOTS) walk(r, files);
const posix = (p: string) => p.split('\\').join('/');

describe('documentation', () => {
  it('reads the repository (sanity: the walk finds the sources and the docs)', () => {
    const paths = new Set(files.map((f) => posix(f.path)));
    expect(paths.has('README.md')).toBe(true);
    expect(paths.has('docs/product/README.md')).toBe(true);
    expect(paths.has('apps/server/src/main.ts')).toBe(true);
    expect(
      files.some((f) => posix(f.path).includes('/node_modules/') || posix(f.path).includes('/dist/')),
    ).toBe(false);
  });

  it('names no file kept outside the repository', () => {
    const found: string[] = [];
    for (const f of files) {
      const allowed = PENDING[posix(f.path)] ?? [];
      f.text.split('\n').forEach((line, i) => {
        const name = OUTSIDE.find((n) => line.includes(n));
        if (name && !allowed.includes(line))
          found.push(`${posix(f.path)}:${i + 1} names ${name}: ${line.trim()}`);
      });
    }
    expect(found, 'point at docs/product/<topic>.md instead').toEqual([]);
  });

  it('names only docs pages that exist', () => {
    const missing: string[] = [];
    for (const f of files) {
      for (const m of f.text.matchAll(/\bdocs\/[\w./-]*\.md\b/g)) {
        if (!existsSync(join(ROOT, m[0]))) missing.push(`${posix(f.path)} names ${m[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has docs/product pages, each linked from docs/product/README.md', () => {
    const dir = join(ROOT, 'docs/product');
    const pages = readdirSync(dir).filter((n) => n.endsWith('.md') && n !== 'README.md');
    expect(pages.length).toBeGreaterThan(0);
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(pages.filter((p) => !index.includes(`(${p})`))).toEqual([]);
  });

  it('has relative Markdown links that resolve', () => {
    const broken: string[] = [];
    for (const f of files) {
      const p = posix(f.path);
      if (!p.endsWith('.md') || !(p.startsWith('docs/') || p === 'README.md')) continue;
      for (const m of f.text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const file = target.split('#')[0]!;
        if (!existsSync(join(ROOT, dirname(f.path), file))) broken.push(`${p} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps docs/architecture.md short enough to read in 15 minutes (at most 2,500 words)', () => {
    const page = files.find((f) => posix(f.path) === 'docs/architecture.md')!;
    const words = page.text.replace(/```[\s\S]*?```/g, '').split(/\s+/).filter(Boolean).length;
    expect(words, 'move the detail into docs/modules/<module>.md').toBeLessThanOrEqual(2500);
  });

  it('keeps the pending list current (delete an entry once its line is gone)', () => {
    const stale: string[] = [];
    for (const [path, lines] of Object.entries(PENDING)) {
      const text = readFileSync(join(ROOT, path), 'utf8').split('\n');
      for (const line of lines) if (!text.includes(line)) stale.push(`${path}: ${line}`);
    }
    expect(stale).toEqual([]);
  });
});
