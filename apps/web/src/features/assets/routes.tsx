/** Routes of the asset centre pages (/pages/fund/*), mounted in the plain layout by app/routes.tsx. */
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { PATHS } from '../../app/paths';

const SelectCoinPage = lazyPage(() => import('./pages/SelectCoinPage'));
const RechargePage = lazyPage(() => import('./pages/RechargePage'));
const WithdrawPage = lazyPage(() => import('./pages/WithdrawPage'));
const TransferPage = lazyPage(() => import('./pages/TransferPage'));
const ExchangePage = lazyPage(() => import('./pages/ExchangePage'));
const AllRecordPage = lazyPage(() => import('./pages/AllRecordPage'));

export const assetsRoutes: ReactElement[] = [
  <Route key="fund-select" path={PATHS.selectCoin} element={<SelectCoinPage />} />,
  <Route key="fund-recharge" path={PATHS.recharge} element={<RechargePage />} />,
  <Route key="fund-withdraw" path={PATHS.withdraw} element={<WithdrawPage />} />,
  <Route key="fund-transfer" path={PATHS.transfer} element={<TransferPage />} />,
  <Route key="fund-exchange" path={PATHS.exchange} element={<ExchangePage />} />,
  <Route key="fund-record" path={PATHS.assetsRecord} element={<AllRecordPage />} />,
];
