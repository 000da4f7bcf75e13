/**
 * The page's title and description (issue 20, item 18: Lighthouse SEO): the built index.html
 * carries an English description and a viewport that lets people zoom; the server's render of
 * Home replaces both title and description with its language's (apps/web/src/ssr/entry.tsx).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBootPage } from '../src/modules/home';

const INDEX = readFileSync(join(import.meta.dirname, '../../web/index.html'), 'utf8');

describe('index.html', () => {
  it('lets people zoom and describes the site', () => {
    const viewport = /<meta name="viewport" content="([^"]*)"/.exec(INDEX)?.[1];
    expect(viewport).toBe('width=device-width, initial-scale=1, viewport-fit=cover');
    expect(INDEX).not.toMatch(/user-scalable|maximum-scale/);
    const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(INDEX)?.[1] ?? '';
    expect(description.length).toBeGreaterThan(50);
    expect(description.length).toBeLessThanOrEqual(160);
  });
});

describe('boot page with the server render', () => {
  const template =
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta\n      name="description"\n      content="English text"\n    /><title>Bourse</title></head><body><div id="root"></div></body></html>';

  it('puts the title and description of the rendered language in place of the English ones', () => {
    const page = renderBootPage(template, [], {
      lang: 'jp',
      locale: 'ja',
      html: '<main></main>',
      title: 'Bourse',
      description: 'Bourse：暗号資産の "リアルタイム" 相場 & <取引>',
    });
    expect(page).toContain('<html lang="ja" data-ssr="jp"');
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain(
      '<meta name="description" content="Bourse：暗号資産の &quot;リアルタイム&quot; 相場 &amp; &lt;取引>">',
    );
    expect(page).toContain('<title>Bourse</title>');
    expect(page).not.toContain('English text');
  });

  it("uses the operator's site name as the title", () => {
    const page = renderBootPage(template, [], {
      lang: 'en',
      locale: 'en',
      html: '',
      title: 'Acme <Exchange>',
      description: 'd',
    });
    expect(page).toContain('<title>Acme &lt;Exchange></title>');
  });

  it('adds a description to a template without one, and leaves the page alone without a render', () => {
    const bare =
      '<!doctype html><html lang="en"><head><title>Bourse</title></head><body><div id="root"></div></body></html>';
    expect(renderBootPage(bare, [], { lang: 'de', locale: 'de', html: '', description: 'Krypto' })).toContain(
      '<meta name="description" content="Krypto"></head>',
    );
    expect(renderBootPage(template, [])).toContain('content="English text"');
  });
});
