/** Console pages of leveraged trading: menu entries and routes, mounted by app/router.tsx. */
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
import type { NavItem } from '../../app/nav';

const LeverProductsPage = lazy(() => import('./LeverProductsPage'));
const LeverExposurePage = lazy(() => import('./LeverExposurePage'));
const LeverPositionsPage = lazy(() => import('./LeverPositionsPage'));
const LeverInsurancePage = lazy(() => import('./LeverInsurancePage'));

export const leverNav: NavItem[] = [
  { path: '/lever/products', label: 'Leverage products' },
  { path: '/lever/exposure', label: 'Leverage exposure' },
  { path: '/lever/positions', label: 'Leverage positions' },
  { path: '/lever/liquidations', label: 'Liquidation log' },
  { path: '/lever/insurance', label: 'Insurance fund' },
];

export const leverRoutes: ReactElement[] = [
  <Route key="lever-products" path="lever/products" element={<LeverProductsPage />} />,
  <Route key="lever-exposure" path="lever/exposure" element={<LeverExposurePage />} />,
  <Route key="lever-positions" path="lever/positions" element={<LeverPositionsPage />} />,
  <Route key="lever-liquidations" path="lever/liquidations" element={<LeverPositionsPage liquidations />} />,
  <Route key="lever-insurance" path="lever/insurance" element={<LeverInsurancePage />} />,
];
