/** Routes of the leverage pages (closed positions, one position), mounted in the plain layout by app/routes.tsx. */
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { LEVER_PATHS } from './paths';

const LeverHistoryPage = lazyPage(() => import('./pages/LeverHistoryPage'));
const LeverDetailPage = lazyPage(() => import('./pages/LeverDetailPage'));

export const leverRoutes: ReactElement[] = [
  <Route key="lever-history" path={LEVER_PATHS.history} element={<LeverHistoryPage />} />,
  <Route key="lever-detail" path={LEVER_PATHS.detail} element={<LeverDetailPage />} />,
];
