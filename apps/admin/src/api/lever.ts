/**
 * Console API of leveraged trading (`/api/admin/lever/*`): leverage products per market, open
 * exposure (the house is every position's counterparty), positions and liquidations, and the
 * insurance fund with its top-up from platform capital. Amounts are decimal strings in whole
 * units of the margin currency; the console shows them as the server sends them.
 *
 * Requests are typed with the contract's request schemas (`z.input`, type-only: no zod reaches the
 * bundle). Their coerced fields (ids, pages, leverages) have the input type `unknown`; `Sent`
 * narrows exactly those to the numbers the console sends and keeps every other field as declared.
 */
import type { z } from 'zod';
import type {
  LeverAdminPositionPage,
  LeverAdminProduct,
  LeverAdminProductBody,
  LeverExposure,
  LeverInsurance,
  leverAdminPositionsQuerySchema,
  leverInsuranceFundBodySchema,
} from '@bourse/contract';
import { apiGet, apiPost } from './client';

/** A request type with its `unknown` (coerced) fields as numbers, arrays of them as number[]. */
type Sent<T> = {
  [K in keyof T]: unknown extends T[K]
    ? number
    : T[K] extends readonly (infer E)[]
      ? unknown extends E
        ? number[]
        : T[K]
      : T[K];
};

/** POST /admin/lever/products: creates or replaces a market's product (tiers ascending, last unbounded). */
export type LeverProductInput = Omit<Sent<LeverAdminProductBody>, 'lang'>;
/** GET /admin/lever/positions. */
export type LeverPositionsQuery = Omit<Sent<z.input<typeof leverAdminPositionsQuerySchema>>, 'lang'>;
export type LeverPositionStatus = NonNullable<LeverPositionsQuery['status']>;
/** POST /admin/lever/insurance/fund: house capital into the insurance fund. */
export type LeverFundInput = Omit<Sent<z.input<typeof leverInsuranceFundBodySchema>>, 'lang'>;

export const leverApi = {
  products: () => apiGet<LeverAdminProduct[]>('/admin/lever/products'),
  saveProduct: (input: LeverProductInput) =>
    apiPost<LeverAdminProduct>('/admin/lever/products', { ...input }),
  exposure: () => apiGet<LeverExposure[]>('/admin/lever/exposure'),
  positions: (q: LeverPositionsQuery) => apiGet<LeverAdminPositionPage>('/admin/lever/positions', { ...q }),
  insurance: () => apiGet<LeverInsurance>('/admin/lever/insurance'),
  fundInsurance: (input: LeverFundInput) =>
    apiPost<LeverInsurance>('/admin/lever/insurance/fund', { ...input }),
};

export const leverKeys = {
  all: ['admin', 'lever'] as const,
  products: ['admin', 'lever', 'products'] as const,
  exposure: ['admin', 'lever', 'exposure'] as const,
  positions: (q: LeverPositionsQuery) => ['admin', 'lever', 'positions', q] as const,
  insurance: ['admin', 'lever', 'insurance'] as const,
};
