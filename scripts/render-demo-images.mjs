// Renders the demo's small SVG images (apps/web/public: the site logo and the coin icons; the SVGs
// stay the source and are still served) into WebP files with alpha beside them, with Debian's
// Chromium (playwright-core). Run after changing one of the SVGs:
//   node scripts/render-demo-images.mjs
// Why (issue 9: TBT on a phone): Chromium builds a document for every SVG `<img>` on the main
// thread (40–130 ms tasks at 4× CPU on Home, nine of them for the logo and the coin icons),
// while a raster image is decoded off it. The two banners stay SVG: the first is Home's LCP
// image, and as WebP (≈ 6 KB against 1.3 KB of SVG) it painted later on a slow link (docs/
// benchmarks-history.md, ninth session).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = new URL('../apps/web/public/', import.meta.url).pathname;

/**
 * [source SVG, output, width, height, MIME type, quality]. The site logo is 0.6rem (30 px on a
 * 375 px phone), the coin icons at most 0.64rem (32 px; 41 px in the 480 px column): 96 px is
 * sharp at DPR 3 on a phone and at DPR 2 in the widest column.
 */
const JOBS = [
  ['logo.svg', 'logo.webp', 96, 96, 'image/webp', 0.8],
  ...['bankcard', 'btc', 'doge', 'eth', 'ltc', 'sol', 'usdt', 'xrp'].map((c) => [
    `coins/${c}.svg`,
    `coins/${c}.webp`,
    96,
    96,
    'image/webp',
    0.8,
  ]),
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const [src, out, width, height, type, quality] of JOBS) {
    const svg = readFileSync(join(publicDir, src), 'utf8');
    const dataUrl = await page.evaluate(
      async ({ svg, width, height, type, quality }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d').drawImage(img, 0, 0, width, height);
        return canvas.toDataURL(type, quality);
      },
      { svg, width, height, type, quality },
    );
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    writeFileSync(join(publicDir, out), bytes);
    console.log(`${out}: ${width}×${height}, ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
