/**
 * The global API limit (http/api-rate-limit.ts): per IP and minute, /api only, a 429 with
 * Retry-After past the limit, a fresh count when the minute turns; and in the real app, the
 * 601st call of a minute from one address is refused while another address still passes.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CALLS_PER_MINUTE } from '../src/app';
import { apiRateLimit } from '../src/http/api-rate-limit';
import { testApp } from './helpers';

describe('the API rate limit', () => {
  it('counts per IP and minute, on /api only, and answers 429 with Retry-After past the limit', async () => {
    let t = 120_000 + 45_000; // 45 s into a minute
    const app = Fastify();
    apiRateLimit(app, { max: 3, now: () => t });
    app.get('/api/ping', () => ({ ok: true }));
    app.get('/page', () => 'page');
    const call = (url: string, ip = '10.0.0.1') => app.inject({ method: 'GET', url, remoteAddress: ip });

    for (let i = 0; i < 3; i++) expect((await call('/api/ping')).statusCode).toBe(200);
    const refused = await call('/api/ping');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('15');
    expect(refused.json()).toEqual({ statusCode: 429, error: 'rate_limited' });
    expect((await call('/api/ping', '10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await call('/page')).statusCode).toBe(200);

    t += 15_000; // the next minute
    expect((await call('/api/ping')).statusCode).toBe(200);
    await app.close();
  });

  describe('in the app', () => {
    let h: Awaited<ReturnType<typeof testApp>>;
    beforeAll(async () => {
      h = await testApp();
    });
    afterAll(async () => {
      await h.close();
    });

    it(`refuses the call after ${API_CALLS_PER_MINUTE} in a minute from one address, not another's`, async () => {
      // A minute's turn between two calls would reset the count; start the burst early in a minute.
      const into = Date.now() % 60_000;
      if (into > 50_000) await new Promise((r) => setTimeout(r, 60_000 - into + 50));
      const statuses = [];
      for (let i = 0; i <= API_CALLS_PER_MINUTE; i++) {
        statuses.push((await h.app.inject({ method: 'GET', url: '/api/coin/trades?symbol=BTC/USDT', remoteAddress: '10.7.7.7' })).statusCode);
      }
      expect(statuses.slice(0, API_CALLS_PER_MINUTE).every((s) => s === 200)).toBe(true);
      expect(statuses[API_CALLS_PER_MINUTE]).toBe(429);
      expect((await h.app.inject({ method: 'GET', url: '/api/coin/trades?symbol=BTC/USDT', remoteAddress: '10.7.7.8' })).statusCode).toBe(200);
    });
  });
});
