/** Asset-centre view types shared by the app and the console. */
import type { FiatCode } from './constants';

/**
 * The receiving bank account shown to users who deposit through the bank-card channel (the fiat
 * currency stored as BANKCARD), and the fiat currency it holds: the channel is shown as
 * "Bank transfer (USD)" and its amounts are in that currency.
 */
export interface BankChannel {
  currency: FiatCode;
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: string;
  swift: string;
  note: string;
}
