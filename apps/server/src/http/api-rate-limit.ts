/**
 * The global per-IP limit of the API (600 calls a minute): a fixed one-minute window counted in a
 * Map that is emptied when the minute turns. @fastify/rate-limit did this job for every call at
 * ≈ 20 µs of CPU plus three response headers (docs/benchmarks-history.md, eighth session: a tenth of the
 * server's cost per order); it still guards the routes with limits of their own (codes, logins),
 * which are few and rare. A window that starts at the minute lets a client make up to twice the
 * limit across a minute's turn, which is what a coarse flood guard needs.
 */
import type { FastifyInstance } from 'fastify';

export interface ApiRateLimit {
  /** Calls per IP and minute. */
  max: number;
  /** Milliseconds since the epoch (injectable for tests). */
  now?: () => number;
}

const WINDOW_MS = 60_000;
/** IPs counted per window at most: beyond it the window starts over (a flood of addresses). */
const MAX_TRACKED = 200_000;

export function apiRateLimit(app: FastifyInstance, options: ApiRateLimit): void {
  const now = options.now ?? Date.now;
  let window = -1;
  const counts = new Map<string, number>();
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const t = now();
    const w = Math.floor(t / WINDOW_MS);
    if (w !== window || counts.size >= MAX_TRACKED) {
      window = w;
      counts.clear();
    }
    const n = (counts.get(request.ip) ?? 0) + 1;
    counts.set(request.ip, n);
    if (n <= options.max) return done();
    void reply
      .code(429)
      .header('retry-after', String(Math.ceil(((w + 1) * WINDOW_MS - t) / 1000)))
      .send({ statusCode: 429, error: 'rate_limited' });
  });
}
