/** Console pages of the chain domain: menu entries and routes, mounted by app/router.tsx. */
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
import type { NavItem } from '../../app/nav';

const ChainPage = lazy(() => import('./ChainPage'));

export const chainNav: NavItem[] = [{ path: '/chain', label: 'Blockchain wallets' }];

export const chainRoutes: ReactElement[] = [<Route key="chain" path="chain" element={<ChainPage />} />];
