/** Routes of the contract order pages (/pages/transaction/*), mounted in the plain layout by app/routes.tsx. */
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { PATHS } from '../../app/paths';

const ContractOrdersPage = lazyPage(() => import('./pages/ContractOrdersPage'));
const ContractOrderDetailPage = lazyPage(() => import('./pages/ContractOrderDetailPage'));

export const contractRoutes: ReactElement[] = [
  <Route key="contract-orders" path={PATHS.contractOrder} element={<ContractOrdersPage />} />,
  <Route key="contract-detail" path={PATHS.contractOrderDetail} element={<ContractOrderDetailPage />} />,
];
