/** Console pages of the assets domain: menu entries and routes, mounted by app/router.tsx. */
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
import type { NavItem } from '../../app/nav';

const DepositsPage = lazy(() => import('./DepositsPage'));
const WithdrawalsPage = lazy(() => import('./WithdrawalsPage'));
const LimitsPage = lazy(() => import('./LimitsPage'));
const LiabilitiesPage = lazy(() => import('./LiabilitiesPage'));

export const assetsNav: NavItem[] = [
  { path: '/assets/withdrawals', label: 'Withdrawals' },
  { path: '/assets/deposits', label: 'Deposits' },
  { path: '/assets/limits', label: 'Limits & fees' },
  { path: '/assets/liabilities', label: 'Liabilities' },
];

export const assetsRoutes: ReactElement[] = [
  <Route key="assets-withdrawals" path="assets/withdrawals" element={<WithdrawalsPage />} />,
  <Route key="assets-deposits" path="assets/deposits" element={<DepositsPage />} />,
  <Route key="assets-limits" path="assets/limits" element={<LimitsPage />} />,
  <Route key="assets-liabilities" path="assets/liabilities" element={<LiabilitiesPage />} />,
];
