/** Asset-centre view types shared by the app and the console. */

/** The receiving bank account shown to users who deposit through the bank-card channel (BANKCARD). */
export interface BankChannel {
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: string;
  swift: string;
  note: string;
}
