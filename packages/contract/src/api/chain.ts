/**
 * Response messages of the chain module (modules/chain: routes.ts, admin-routes.ts): the user's
 * deposit address and the console's watcher, hot-wallet and deposit-settings page.
 */
import { z } from 'zod';
import { decimalText, isoTime } from './response';

export const CHAIN_NAMES = ['evm', 'tron', 'btc'] as const;
export type ChainName = (typeof CHAIN_NAMES)[number];

/** POST /wallet/get_in_address: the caller's deposit address (one per user and chain, never reused). */
export const depositAddressSchema = z.object({
  currency_id: z.number(),
  currency: z.string(),
  sub_name: z.string(),
  chain: z.string(),
  address: z.string(),
  confirmations: z.number(),
  min_deposit: decimalText,
  /** True when the address comes from the embedded demo seed: never send real funds to it. */
  demo: z.boolean(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const watcherStatusSchema = z.object({
  chain: z.enum(CHAIN_NAMES),
  running: z.boolean(),
  head: z.string().nullable(),
  cursor: z.string().nullable(),
  confirmations: z.number(),
  lastTickAt: isoTime.nullable(),
  lastError: z.string().nullable(),
  reorgs: z.number(),
});
export type WatcherStatus = z.infer<typeof watcherStatusSchema>;

export const chainRowSchema = z.object({
  chain: z.enum(CHAIN_NAMES),
  label: z.string(),
  confirmations: z.number(),
  addresses: z.number(),
  watched: z.boolean(),
  watcher: watcherStatusSchema.nullable(),
  chain_id: z.number().nullable(),
  last_scanned_block: z.string().nullable(),
  last_scanned_hash: z.string().nullable(),
  last_scanned_at: isoTime.nullable(),
});
export type ChainRow = z.infer<typeof chainRowSchema>;

export const chainAssetRowSchema = z.object({
  currency_id: z.number(),
  currency: z.string(),
  sub_name: z.string(),
  chain: z.enum(CHAIN_NAMES),
  token_address: z.string().nullable(),
  min_deposit: decimalText,
  enabled: z.boolean(),
});
export type ChainAssetRow = z.infer<typeof chainAssetRowSchema>;

export const CHAIN_DEPOSIT_STATUSES = ['pending', 'credited', 'dropped', 'below_min'] as const;

/** A deposit seen on chain and not credited (waiting for confirmations, below the minimum, dropped). */
export const pendingDepositSchema = z.object({
  id: z.string(),
  chain: z.string(),
  tx_hash: z.string(),
  log_index: z.number(),
  block_number: z.string(),
  user_id: z.number(),
  currency_id: z.number(),
  currency: z.string(),
  address: z.string(),
  amount: decimalText,
  status: z.enum(CHAIN_DEPOSIT_STATUSES),
  confirmations: z.number().nullable(),
  seen_at: isoTime,
});
export type PendingDeposit = z.infer<typeof pendingDepositSchema>;

export const CHAIN_SEND_STATUSES = ['signed', 'sent', 'confirmed', 'failed'] as const;

/** A withdrawal the hot wallet signed. */
export const chainSendSchema = z.object({
  id: z.number(),
  withdrawal_id: z.number(),
  currency_id: z.number(),
  to: z.string(),
  amount: decimalText,
  nonce: z.string(),
  tx_hash: z.string(),
  status: z.enum(CHAIN_SEND_STATUSES),
  error: z.string().nullable(),
  created_at: isoTime,
});
export type ChainSend = z.infer<typeof chainSendSchema>;

export const signerStatusSchema = z.object({
  address: z.string(),
  eth_balance: decimalText.nullable(),
  token_balance: decimalText.nullable(),
  nonce_pending: z.number().nullable(),
  nonce_latest: z.number().nullable(),
  last_recorded_nonce: z.string().nullable(),
  last_error: z.string().nullable(),
  sends: z.array(chainSendSchema),
});
export type SignerStatus = z.infer<typeof signerStatusSchema>;

/** GET /admin/chain/status. */
export const chainStatusSchema = z.object({
  wallet: z.object({ source: z.enum(['operator', 'demo']), key_ids: z.record(z.string(), z.string()) }).nullable(),
  chains: z.array(chainRowSchema),
  assets: z.array(chainAssetRowSchema),
  pending: z.array(pendingDepositSchema),
  signer: signerStatusSchema.nullable(),
});
export type ChainStatus = z.infer<typeof chainStatusSchema>;

/** POST /admin/chain/assets/:id: the saved deposit settings. */
export const chainAssetUpdateSchema = z.object({ min_deposit: decimalText, enabled: z.boolean() });
export type ChainAssetUpdate = z.infer<typeof chainAssetUpdateSchema>;
