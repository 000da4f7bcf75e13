// Initial-route budget (issue: foundation): the JavaScript index.html loads up front (entry
// script and modulepreloads), gzipped, must stay at or below 170 KB. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 170 * 1024;
const dist = process.env.WEB_DIST ? process.env.WEB_DIST.replace(/\/?$/, '/') : new URL('../apps/web/dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
let total = 0;
for (const f of files) {
  const size = gzipSync(readFileSync(join(dist, f.replace(/^\//, '')))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
console.log(`initial route JS: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB)`);
if (total > BUDGET) {
  console.error('over budget: lazy-load more of the first page');
  process.exit(1);
}
