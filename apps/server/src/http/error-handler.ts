import { ERROR_CODES, type ErrorCode } from '@bourse/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { errorMessage, requestLang } from './i18n';

const TRANSPORT_STATUSES = new Set([400, 404, 405, 406, 413, 415, 429]);

function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value);
}

function lookup(source: unknown, path: string[]): unknown {
  let cur: unknown = source;
  for (const key of path) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Maps the first zod issue to a stable code and parameters, phrased in the caller's language. */
function validationError(request: FastifyRequest, error: FastifyError & { validation: unknown[] }): AppError {
  const issue = error.validation[0] as {
    keyword: string;
    instancePath: string;
    message: string;
    params: Record<string, unknown>;
  };
  const path = issue.instancePath.split('/').filter(Boolean);
  const field = path[path.length - 1] ?? '';
  const source = error.validationContext === 'querystring' ? request.query : request.body;
  const raw = lookup(source, path);
  if (issue.keyword === 'custom' && isErrorCode(issue.message)) return new AppError(issue.message, { field });
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return new AppError('field_required', { field });
  }
  const limit = (key: string) => {
    const v = issue.params[key];
    return typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string' ? v.toString() : '';
  };
  if (issue.keyword === 'too_small') {
    return issue.params.origin === 'string'
      ? new AppError('field_too_short', { field, min: limit('minimum') })
      : new AppError('field_too_small', { field, min: limit('minimum') });
  }
  if (issue.keyword === 'too_big') {
    return issue.params.origin === 'string'
      ? new AppError('field_too_long', { field, max: limit('maximum') })
      : new AppError('field_too_large', { field, max: limit('maximum') });
  }
  if (isErrorCode(issue.message)) return new AppError(issue.message, { field });
  return new AppError('field_invalid', { field });
}

/** A PostgreSQL data exception (SQLSTATE class 22), as pg and PGlite report it. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof (error as { severity?: unknown }).severity === 'string';
}

export function envelopeFor(request: FastifyRequest, err: AppError) {
  const lang = requestLang(request.query, request.body);
  return { type: err.type, code: 0, message: errorMessage(lang, err.code, err.params), error: err.code };
}

/**
 * Every handled outcome is HTTP 200 with the envelope; HTTP statuses only for transport faults
 * (413, 415, 429, malformed bodies) and 500 for the unexpected, which never leaks internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return reply.status(200).send(envelopeFor(request, error));
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(200).send(envelopeFor(request, validationError(request, error)));
    }
    // A value the database refuses as data (class 22: out of range, bad encoding, invalid text)
    // came from input that validation let through: answer it as invalid input, not as a fault of
    // the platform. Logged, so the missing validation can be added where it belongs.
    if (isDataException(error)) {
      request.log.warn({ err: { code: (error as { code?: string }).code, message: error.message }, url: request.url }, 'input refused by the database');
      return reply.status(200).send(envelopeFor(request, new AppError('field_invalid', { field: 'input' })));
    }
    const status = error.statusCode ?? 500;
    if (TRANSPORT_STATUSES.has(status)) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'transport fault');
      return reply
        .status(status)
        .send({ statusCode: status, error: status === 429 ? 'rate_limited' : (error.code ?? 'transport_error') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, error: 'internal', requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ statusCode: 404, error: 'not_found' });
  });
}
