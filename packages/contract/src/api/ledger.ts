/**
 * Response messages of the ledger's console routes (modules/ledger/admin-routes.ts): the Ledger
 * page (totals, system accounts, reconciliation) and the journal.
 */
import { z } from 'zod';
import { decimalText, isoTime } from './response';

/** Totals of one currency; `total` sums every account of it: "0" when the books balance. */
export const currencyTotalsSchema = z.object({
  currency_id: z.number(),
  name: z.string(),
  sub_name: z.string(),
  decimals: z.number(),
  users_available: decimalText,
  users_frozen: decimalText,
  system_total: decimalText,
  total: decimalText,
});
export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

export const systemAccountSchema = z.object({
  account_id: z.number(),
  system_code: z.string().nullable(),
  currency_id: z.number(),
  currency_name: z.string(),
  available: decimalText,
  frozen: decimalText,
  allow_negative: z.boolean(),
});
export type SystemAccount = z.infer<typeof systemAccountSchema>;

export const reconciliationSchema = z.object({
  checked_at: isoTime,
  ok: z.boolean(),
  violations: z.array(z.object({ kind: z.string(), detail: z.string() })),
  entries: z.number(),
  postings: z.number(),
  accounts: z.number(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export type ReconciliationViolation = Reconciliation['violations'][number];

/** GET /admin/ledger/summary. */
export const ledgerSummarySchema = z.object({
  currencies: z.array(currencyTotalsSchema),
  system_accounts: z.array(systemAccountSchema),
  reconciliation: reconciliationSchema,
});
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;

export const postingSchema = z.object({
  account_id: z.number(),
  /** 'user:12' or 'system:fees'. */
  owner: z.string(),
  /** 1 legal, 2 change, 3 lever, 4 micro; 0 for system accounts. */
  account_type: z.number(),
  currency_name: z.string(),
  bucket: z.enum(['available', 'frozen']),
  amount: decimalText,
});
export type Posting = z.infer<typeof postingSchema>;

export const journalEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  memo: z.string().nullable(),
  created_at: isoTime,
  postings: z.array(postingSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** GET /admin/ledger/entries. */
export const journalPageSchema = z.object({ items: z.array(journalEntrySchema), total: z.number() });
export type JournalPage = z.infer<typeof journalPageSchema>;
