/**
 * Timed-contracts API requests (apps/server/src/modules/contracts, docs/product/api.md): the
 * seconds-trade calls (/microtrade/*), their newer /contract/* aliases and the console's calls.
 * The server validates with these schemas; the app and the console type their calls with
 * `z.input` of them.
 */
import { z } from 'zod';
import { rowId } from '../ids';
import { clientKeyField, idParamsSchema, langField, pageField } from './request-fields';

/** Orders per page of the seconds-trade lists (docs/product/limits.md). */
export const CONTRACT_ORDER_PAGE_SIZE = 5;

/** 1 up, 2 down; also the words. */
const direction = z.union([z.coerce.number().int().min(1).max(2), z.enum(['up', 'down']).transform((d) => (d === 'up' ? 1 : 2))]);
const seconds = z.coerce.number().int().min(1).max(86_400);
/** The stake as typed (parsed at the currency's decimals by the server). */
const stake = z.string().trim().min(1).max(40);
const orderId = z.coerce.string().trim().regex(/^\d{1,18}$/);
const orderLimit = z.coerce.number().int().min(1).max(50).default(CONTRACT_ORDER_PAGE_SIZE);
/** List tab: 1 holding, 2 pending settlement, 3 history, 0 all. */
const tab = z.coerce.number().int().min(0).max(3).default(1) as unknown as z.ZodType<0 | 1 | 2 | 3>;

// ---- user API -----------------------------------------------------------------------------------

/** Payable currencies and products, of every market or one (`match_id`). */
export const contractMarketQuerySchema = z.object({ match_id: rowId.optional(), lang: langField });

/** What an order names besides its market: paying currency, direction, expiry, stake, key. */
const orderFields = {
  currency_id: rowId,
  type: direction,
  seconds,
  number: stake,
  client_key: clientKeyField,
  lang: langField,
};

/** POST /microtrade/submit */
export const contractSubmitBodySchema = z.object({ match_id: rowId, ...orderFields });

/** GET /microtrade/lists */
export const contractOrdersQuerySchema = z.object({ status: tab, page: pageField, limit: orderLimit, lang: langField });

/** GET /microtrade/get_result */
export const contractResultQuerySchema = z.object({ id: orderId, lang: langField });

/** GET /contract/getContractList */
export const contractListQuerySchema = z.object({ page: pageField, page_size: z.coerce.number().int().min(1).max(100).default(50), lang: langField });

/** GET /contract/getContractDetails: the market id as contract_id or product_id. */
export const contractDetailsQuerySchema = z.object({ contract_id: rowId.optional(), product_id: rowId.optional(), lang: langField });

/** POST /contract/contractPlaceOrder: the market id as contract_id, product_id or match_id. */
export const contractPlaceOrderBodySchema = z.object({
  contract_id: rowId.optional(),
  product_id: rowId.optional(),
  match_id: rowId.optional(),
  ...orderFields,
});

/** GET /contract/getOrderList */
export const contractOrderListQuerySchema = z.object({ status: tab, page: pageField, page_size: orderLimit, lang: langField });

/** GET /contract/findOrderStatus */
export const contractOrderStatusQuerySchema = z.object({ order_id: orderId, lang: langField });

// ---- console ------------------------------------------------------------------------------------

const rate = z.string().trim().regex(/^\d{1,9}(\.\d{1,18})?$/);
const consoleAmount = z.string().trim().regex(/^\d{1,30}(\.\d{1,30})?$/);

/** Calls that take nothing but the language. */
export const contractLangQuerySchema = z.object({ lang: langField });

/** A market's product as the console saves it (creates or replaces). */
export const contractAdminProductBodySchema = z.object({
  instrument_id: rowId,
  status: z.coerce.number().int().min(0).max(1).default(1),
  // Below 1: the integer part is all zeros. A text test, so the refinement cannot throw on text
  // the pattern above already refused (zod runs both).
  fee_rate: rate.refine((v) => /^0+(\.\d+)?$/.test(v), 'field_invalid'),
  seconds: z
    .array(z.object({ seconds: z.coerce.number().int().min(5).max(86_400), payout_rate: rate, status: z.coerce.number().int().min(0).max(1).optional() }))
    .min(1)
    .max(20),
  currencies: z.array(z.object({ currency_id: rowId, min: consoleAmount, max: consoleAmount, exposure_cap: consoleAmount })).min(1).max(10),
  lang: langField,
});

/** What the console sends to save a product. */
export type ContractAdminProductBody = z.input<typeof contractAdminProductBodySchema>;

/** /admin/contracts/products/:id/status */
export const contractProductParamsSchema = idParamsSchema;

/** Suspends (0) or resumes (1) a product for new orders. */
export const contractProductStatusBodySchema = z.object({ status: z.coerce.number().int().min(0).max(1), lang: langField });

/** The settlement log, by market, outcome and user. */
export const contractSettlementsQuerySchema = z.object({
  page: pageField,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  instrument_id: rowId.optional(),
  status: z.enum(['won', 'lost', 'tie', 'void']).optional(),
  user_id: rowId.optional(),
  lang: langField,
});

/** The house P&L of the last `days` days. */
export const contractPnlQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30), lang: langField });
