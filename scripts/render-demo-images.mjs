// Renders the demo's SVG images (apps/web/public: banners, logo, coin icons; they stay the source
// and are still served) into raster files beside them, with Debian's Chromium (playwright-core):
// WebP (with alpha for the logo and icons). Run after changing one of the SVGs:
//   node scripts/render-demo-images.mjs
// Why (issue 9: TBT on a phone): Chromium builds a document for every SVG `<img>` on the main
// thread (50–150 ms tasks at 4× CPU on Home), while a raster image is decoded off it. What an
// operator uploads (banners, logo) is a raster file anyway; all of this is demo content.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = new URL('../apps/web/public/', import.meta.url).pathname;

/** [source SVG, output, width, height, MIME type, quality]: twice the largest display size (DPR 2). */
const JOBS = [
  // 702×260: the banner's full width at DPR 2 on a 375 px phone (Home's LCP image: kept small).
  ['content/banner-markets.svg', 'content/banner-markets.webp', 702, 260, 'image/webp', 0.86],
  ['content/banner-savings.svg', 'content/banner-savings.webp', 702, 260, 'image/webp', 0.86],
  // The site logo is 0.6rem (30 px on a 375 px phone), the coin icons at most 0.64rem (32 px).
  ['logo.svg', 'logo.webp', 64, 64, 'image/webp', 0.9],
  ...['bankcard', 'btc', 'doge', 'eth', 'ltc', 'sol', 'usdt', 'xrp'].map((c) => [
    `coins/${c}.svg`,
    `coins/${c}.webp`,
    64,
    64,
    'image/webp',
    0.9,
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
