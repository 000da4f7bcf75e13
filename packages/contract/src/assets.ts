/** Asset-centre view types shared by the app and the console. */
import type { z } from 'zod';
import type { bankChannelViewSchema } from './api/assets';

/**
 * The receiving bank account shown to users who deposit through the bank-card channel (the fiat
 * currency stored as BANKCARD), and the fiat currency it holds: the channel is shown as
 * "Bank transfer (USD)" and its amounts are in that currency.
 */
export type BankChannel = z.infer<typeof bankChannelViewSchema>;
