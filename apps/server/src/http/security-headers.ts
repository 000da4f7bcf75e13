/**
 * The security headers of the pages and files (helmet's set with our content security policy),
 * computed once at start; API answers get apiSecurityHeaders(). The Fastify plugin of helmet rebuilds the policy on every request
 * (≈ 25 µs each in the spot HTTP profile); the headers never change, so they are a constant.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { ROUTE_GUARD_SCRIPT } from './route-guard';

/** The one inline script the app's pages carry (boot-page.ts), allowed by its hash. */
const routeGuardHash = `'sha256-${createHash('sha256').update(ROUTE_GUARD_SCRIPT).digest('base64')}'`;

export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'", routeGuardHash],
      },
    },
  })({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet could not compute the security headers');
  });
  return headers;
}

/**
 * The headers of API answers (JSON, never rendered as a page): what still protects a JSON
 * response (no sniffing it into a script or page, no framing, no referrer, HTTPS only, no
 * cross-origin reads, a policy that lets it load nothing), without helmet's document-only
 * headers. Half the count and a fifth of the bytes of the page set, on every API call.
 */
export function apiSecurityHeaders(): Record<string, string> {
  const page = securityHeaders();
  const keep = ['x-content-type-options', 'strict-transport-security', 'referrer-policy', 'cross-origin-resource-policy'];
  return {
    ...Object.fromEntries(keep.map((k) => [k, page[k]!])),
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
}

