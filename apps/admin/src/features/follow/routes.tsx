/** Console pages of copy trading: menu entries and routes, mounted by app/router.tsx. */
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
import type { NavItem } from '../../app/nav';

const FollowTradersPage = lazy(() => import('./FollowTradersPage'));
const FollowCopiesPage = lazy(() => import('./FollowCopiesPage'));

export const followNav: NavItem[] = [
  { path: '/follow/traders', label: 'Lead traders' },
  { path: '/follow/copies', label: 'Copy log' },
];

export const followRoutes: ReactElement[] = [
  <Route key="follow-traders" path="follow/traders" element={<FollowTradersPage />} />,
  <Route key="follow-copies" path="follow/copies" element={<FollowCopiesPage />} />,
];
