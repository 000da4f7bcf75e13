/** Routes of the copy-trading pages, mounted in the plain layout by app/routes.tsx. */
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { FOLLOW_PATHS } from './paths';

const TraderListPage = lazyPage(() => import('./pages/TraderListPage'));
const TraderDetailPage = lazyPage(() => import('./pages/TraderDetailPage'));
const MyCopiesPage = lazyPage(() => import('./pages/MyCopiesPage'));
const LeadPage = lazyPage(() => import('./pages/LeadPage'));

export const followRoutes: ReactElement[] = [
  <Route key="follow-list" path={FOLLOW_PATHS.list} element={<TraderListPage />} />,
  <Route key="follow-trader" path={FOLLOW_PATHS.trader} element={<TraderDetailPage />} />,
  <Route key="follow-mine" path={FOLLOW_PATHS.mine} element={<MyCopiesPage />} />,
  <Route key="follow-lead" path={FOLLOW_PATHS.lead} element={<LeadPage />} />,
];
