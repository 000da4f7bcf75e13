/** Console pages of the contracts domain: menu entries and routes, mounted by app/router.tsx. */
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
import type { NavItem } from '../../app/nav';

const ContractProductsPage = lazy(() => import('./ContractProductsPage'));
const ContractSettlementsPage = lazy(() => import('./ContractSettlementsPage'));

export const contractsNav: NavItem[] = [
  { path: '/contracts/products', label: 'Contract products' },
  { path: '/contracts/settlements', label: 'Contract settlements' },
];

export const contractsRoutes: ReactElement[] = [
  <Route key="contracts-products" path="contracts/products" element={<ContractProductsPage />} />,
  <Route key="contracts-settlements" path="contracts/settlements" element={<ContractSettlementsPage />} />,
];
