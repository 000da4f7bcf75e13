import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * A row id of an `integer` column (users, currencies, instruments, products …): a larger number
 * is refused at validation with "<field> is too large" instead of reaching the database.
 */
export const rowId = z.coerce.number().int().min(1).max(INT4_MAX);

/**
 * A row id of a `bigint` column (orders, subscriptions, journal entries): bounded by the integers
 * a JavaScript number holds exactly, which is below the column's own limit.
 */
export const bigRowId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
