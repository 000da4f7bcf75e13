import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL
 * refuses U+0000 in text outright (a 500 before this guard), and none of the others belongs in a
 * name, an address, a code or a message.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const MAX_DEPTH = 8;

/** The path of the first string (key or value) holding a control character, or null. */
function findControl(value: unknown, path: string[], depth: number): string[] | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (CONTROL.test(key)) return [...path, key];
    const found = findControl(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a request whose query, route parameters or body carry a control character in any
 * string, with the usual "<field> is invalid" envelope, before any handler or schema sees it.
 * Uploaded files (multipart streams) are not strings and are checked by their own rules.
 */
export function refuseControlCharacters(request: FastifyRequest): void {
  for (const source of [request.query, request.params, request.body]) {
    const path = findControl(source, [], 0);
    if (path) throw new AppError('field_invalid', { field: path.filter((p) => !/^\d+$/.test(p)).pop() ?? 'input' });
  }
}
