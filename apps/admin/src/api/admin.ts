/**
 * The operator API (`/api/admin/*`). Amounts are decimal strings in whole currency units;
 * times are ISO strings.
 */
import type {
  AuditPage,
  AuditQuery,
  CurrencyCreateBody,
  CurrencyUpdateBody,
  CurrencyView,
  JournalPage,
  LedgerSummary,
  Operator,
  OperatorLogin,
  OperatorRow,
  OutboxPage,
  CreateOperatorBody,
} from '@bourse/contract';
import { apiGet, apiPost } from './client';

/** A console list's page (the contract's console paging, without the language). */
export type PageQuery = Pick<AuditQuery, 'page' | 'limit'>;

export type NewOperator = CreateOperatorBody;

export type NewCurrency = CurrencyCreateBody;

export type CurrencyPatch = CurrencyUpdateBody;

/** The audit log, whole or only refused operator sign-ins (wrong password, throttled). */
export type { AuditQuery };

export const adminApi = {
  login: (username: string, password: string) => apiPost<OperatorLogin>('/admin/login', { username, password }),
  me: () => apiGet<Operator>('/admin/me'),
  logout: () => apiPost<null>('/admin/logout'),
  ledgerSummary: () => apiGet<LedgerSummary>('/admin/ledger/summary'),
  ledgerEntries: (q: PageQuery) => apiGet<JournalPage>('/admin/ledger/entries', { ...q }),
  audit: (q: AuditQuery) => apiGet<AuditPage>('/admin/audit', { ...q }),
  operators: () => apiGet<OperatorRow[]>('/admin/operators'),
  createOperator: (body: NewOperator) => apiPost<OperatorRow>('/admin/operators', { ...body }),
  outbox: (q: PageQuery) => apiGet<OutboxPage>('/admin/outbox', { ...q }),
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
