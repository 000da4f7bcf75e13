import type { ColumnType } from 'kysely';

/**
 * Database types. NUMERIC and INT8 columns arrive as strings from both drivers (PGlite is
 * configured to match pg); repos convert them to bigint at the boundary.
 */
export type Numeric = ColumnType<string, string | bigint, string | bigint>;
export type NumericDefault = ColumnType<string, string | bigint | undefined, string | bigint>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Int8Id = ColumnType<string, string | undefined, never>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type Json = ColumnType<unknown, string, string>;
