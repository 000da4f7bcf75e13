/** Console pages of the savings domain: menu entries and routes, mounted by app/router.tsx. */
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
import type { NavItem } from '../../app/nav';

const SavingsProductsPage = lazy(() => import('./SavingsProductsPage'));
const SavingsOpsPage = lazy(() => import('./SavingsOpsPage'));

export const savingsNav: NavItem[] = [
  { path: '/savings/products', label: 'Savings products' },
  { path: '/savings/accrual', label: 'Savings accrual' },
];

export const savingsRoutes: ReactElement[] = [
  <Route key="savings-products" path="savings/products" element={<SavingsProductsPage />} />,
  <Route key="savings-accrual" path="savings/accrual" element={<SavingsOpsPage />} />,
];
