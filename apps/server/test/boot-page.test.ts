/**
 * index.html with the first screen's data (http/boot-page.ts): the page the server sends carries
 * the preload of the first banner and the same answers the API gives, safely embedded.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CONTENT_CATEGORY } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBootPage } from '../src/modules/home';
import { testApp } from './helpers';

const TEMPLATE =
  '<!doctype html><html><head><title>Bourse</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

function bootData(html: string): { queries: Array<[unknown[], unknown]> } {
  const m = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error('no boot data');
  return JSON.parse(m[1]!) as { queries: Array<[unknown[], unknown]> };
}

describe('boot page', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'bourse-web-'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    writeFileSync(join(dist, 'other.txt'), 'static file');
    t = await testApp({ webDist: dist });
  });
  afterAll(async () => t.close());

  it('serves index.html with the banner preload and the answers /news/list and /getercSetting give', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const data = bootData(html);
    const banners = data.queries.find(([k]) => k[0] === 'news-head' && k[1] === CONTENT_CATEGORY.banner)?.[1] as {
      list: Array<{ cover: string }>;
    };
    const api = await t.app.inject({ method: 'POST', url: '/api/news/list', payload: { c_id: CONTENT_CATEGORY.banner, limit: 6 } });
    expect(banners).toEqual(api.json<{ message: unknown }>().message);
    expect(banners.list.length).toBeGreaterThan(0);
    expect(html).toContain(`<link rel="preload" as="image" href="${banners.list[0]!.cover}" fetchpriority="high">`);
    const settings = data.queries.find(([k]) => k[0] === 'site-settings')?.[1];
    const apiSettings = await t.app.inject({ method: 'GET', url: '/api/getercSetting' });
    expect(settings).toEqual(apiSettings.json<{ message: unknown }>().message);
    // Without the server's markup (no web server entry here) nothing holds the first frame back.
    expect(html).not.toContain('rel="expect"');
    // The entry script is still there, and the static files are still served.
    expect(html).toContain('<script type="module" src="/assets/index.js">');
    expect((await t.app.inject({ method: 'GET', url: '/other.txt' })).body).toBe('static file');
  });

  it('answers gzip to clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('id="boot-data"');
  });

  it('embeds data so that no text can close the script element or inject markup', () => {
    const evil = '</script><script>alert(1)</script><!--';
    const html = renderBootPage(TEMPLATE, [
      [['news-head', CONTENT_CATEGORY.banner, 'en', 6], { list: [{ cover: '"><img src=x onerror=alert(1)>', title: evil }] }],
    ]);
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the data block's and the entry script's own
    // A cover that is not a same-origin path is not preloaded.
    expect(html).not.toContain('rel="preload"');
    const data = bootData(html);
    expect((data.queries[0]![1] as { list: Array<{ title: string }> }).list[0]!.title).toBe(evil);
  });
});
