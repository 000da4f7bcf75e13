/** Console pages of the spot domain: menu entries and routes, mounted by app/router.tsx. */
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
import type { NavItem } from '../../app/nav';

const SpotMarketsPage = lazy(() => import('./SpotMarketsPage'));
const SpotOrdersPage = lazy(() => import('./SpotOrdersPage'));

export const spotNav: NavItem[] = [
  { path: '/spot/markets', label: 'Spot markets & bot' },
  { path: '/spot/orders', label: 'Spot orders & trades' },
];

export const spotRoutes: ReactElement[] = [
  <Route key="spot-markets" path="spot/markets" element={<SpotMarketsPage />} />,
  <Route key="spot-orders" path="spot/orders" element={<SpotOrdersPage />} />,
];
