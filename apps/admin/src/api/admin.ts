/**
 * The operator API (`/api/admin/*`). Amounts are decimal strings in whole currency units;
 * times are ISO strings.
 */
import type { CurrencyView } from '@bourse/contract';
import { apiGet, apiPost } from './client';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface Operator {
  id: number;
  username: string;
  role: OperatorRole;
}

export interface OperatorRow extends Operator {
  disabled: boolean;
  created_at: string;
  last_login_at: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageQuery {
  page: number;
  limit: number;
}

export interface CurrencyTotals {
  currency_id: number;
  name: string;
  sub_name: string | null;
  decimals: number;
  users_available: string;
  users_frozen: string;
  system_total: string;
  /** Sum over every account of this currency: "0" when the books balance. */
  total: string;
}

export interface SystemAccount {
  account_id: number;
  system_code: string;
  currency_id: number;
  currency_name: string;
  available: string;
  frozen: string;
  allow_negative: boolean;
}

export interface ReconciliationViolation {
  kind: string;
  detail: string;
}

export interface Reconciliation {
  ok: boolean;
  checked_at: string;
  entries: number;
  postings: number;
  accounts: number;
  violations: ReconciliationViolation[];
}

export interface LedgerSummary {
  currencies: CurrencyTotals[];
  system_accounts: SystemAccount[];
  reconciliation: Reconciliation;
}

export interface Posting {
  account_id: number;
  /** 'user:12' or 'system:fees'. */
  owner: string;
  account_type: string | number;
  currency_name: string;
  bucket: 'available' | 'frozen';
  amount: string;
}

export interface JournalEntry {
  id: number | string;
  kind: string;
  ref_type: string | null;
  ref_id: string | number | null;
  idempotency_key: string | null;
  memo: string | null;
  created_at: string;
  postings: Posting[];
}

export interface AuditRecord {
  id: number | string;
  operator_id: number | null;
  operator_username: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}

export interface OutboxMessage {
  id: number | string;
  channel: 'email' | 'sms';
  target: string;
  subject: string | null;
  body: string;
  created_at: string;
}

export interface LoginResult {
  token: string;
  operator: Operator;
}

export interface NewOperator {
  username: string;
  password: string;
  role: OperatorRole;
}

export interface NewCurrency {
  name: string;
  sub_name: string;
  decimals: number;
  color: string;
  image: string;
  sort: number;
  is_fiat: boolean;
}

export interface CurrencyPatch {
  color?: string;
  image?: string;
  sort?: number;
  status?: number;
}

/** The audit log, whole or only refused operator sign-ins (wrong password, throttled). */
export interface AuditQuery extends PageQuery {
  view?: 'all' | 'sign_in_failures';
}

export const adminApi = {
  login: (username: string, password: string) => apiPost<LoginResult>('/admin/login', { username, password }),
  me: () => apiGet<Operator>('/admin/me'),
  logout: () => apiPost<unknown>('/admin/logout'),
  ledgerSummary: () => apiGet<LedgerSummary>('/admin/ledger/summary'),
  ledgerEntries: (q: PageQuery) => apiGet<Page<JournalEntry>>('/admin/ledger/entries', { ...q }),
  audit: (q: AuditQuery) => apiGet<Page<AuditRecord>>('/admin/audit', { ...q }),
  operators: () => apiGet<OperatorRow[]>('/admin/operators'),
  createOperator: (body: NewOperator) => apiPost<OperatorRow>('/admin/operators', { ...body }),
  outbox: (q: PageQuery) => apiGet<Page<OutboxMessage>>('/admin/outbox', { ...q }),
  currencies: () => apiGet<CurrencyView[]>('/admin/currencies'),
  createCurrency: (body: NewCurrency) => apiPost<CurrencyView>('/admin/currencies', { ...body }),
  updateCurrency: (id: number, patch: CurrencyPatch) => apiPost<CurrencyView>(`/admin/currencies/${id}`, { ...patch }),
};

/** Query keys, so that invalidation and sign-out clearing stay consistent. */
export const queryKeys = {
  me: ['admin', 'me'] as const,
  ledgerSummary: ['admin', 'ledger', 'summary'] as const,
  ledgerEntries: (q: PageQuery) => ['admin', 'ledger', 'entries', q] as const,
  audit: (q: AuditQuery) => ['admin', 'audit', q] as const,
  operators: ['admin', 'operators'] as const,
  outbox: (q: PageQuery) => ['admin', 'outbox', q] as const,
  currencies: ['admin', 'currencies'] as const,
};
