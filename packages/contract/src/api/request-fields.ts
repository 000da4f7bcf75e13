/**
 * Request fields that many calls share. A domain's request schemas (in `api/<domain>.ts` or
 * `api/<domain>-requests.ts`) compose these, so one page number or language field is validated
 * the same way everywhere.
 */
import { z } from 'zod';
import { INT4_MAX } from '../ids';

/** The UI language a caller asks for (resolved to a supported one by the server). */
export const langField = z.string().optional();

/** A 1-based page number. */
export const pageField = z.coerce.number().int().min(1).max(100_000).default(1);

/** `{ id }` path parameter of an `integer` row. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(INT4_MAX) });

/** A client's idempotency key for a money movement (a retry with the same key changes nothing). */
export const clientKeyField = z.string().trim().min(1).max(64).optional();

/** A user-entered amount: a decimal string (a JSON number is accepted and read as its text). */
export const amountField = z.union([z.string(), z.number()]).transform(String);
