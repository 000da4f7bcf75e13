/** Routes of the savings pages (/pages/mining/*), mounted in the plain layout by app/routes.tsx. */
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { PATHS } from '../../app/paths';

const JoinPage = lazyPage(() => import('./pages/JoinPage'));
const RecordPage = lazyPage(() => import('./pages/RecordPage'));
const ProfitPage = lazyPage(() => import('./pages/ProfitPage'));

export const savingsRoutes: ReactElement[] = [
  <Route key="savings-join" path={PATHS.savingsJoin} element={<JoinPage />} />,
  <Route key="savings-record" path={PATHS.savingsRecord} element={<RecordPage />} />,
  <Route key="savings-profit" path={PATHS.savingsProfit} element={<ProfitPage />} />,
];
