import { lazy } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { Result } from 'antd';
import { assetsRoutes } from '../features/assets/routes';
import { LoginPage } from '../features/auth/LoginPage';
import { chainRoutes } from '../features/chain/routes';
import { contractsRoutes } from '../features/contracts/routes';
import { followRoutes } from '../features/follow/routes';
import { leverRoutes } from '../features/lever/routes';
import { savingsRoutes } from '../features/savings/routes';
import { spotRoutes } from '../features/spot/routes';
import { AdminLayout } from './AdminLayout';
import { RequireAuth, RequireRole } from './RequireAuth';

const LedgerPage = lazy(() => import('../features/ledger/LedgerPage'));
const JournalPage = lazy(() => import('../features/journal/JournalPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const OutboxPage = lazy(() => import('../features/outbox/OutboxPage'));
const KycReviewPage = lazy(() => import('../features/kyc/KycPage'));
const AddressesPage = lazy(() => import('../features/addresses/AddressesPage'));
const AuditPage = lazy(() => import('../features/audit/AuditPage'));
const OperatorsPage = lazy(() => import('../features/operators/OperatorsPage'));
const CurrenciesPage = lazy(() => import('../features/currencies/CurrenciesPage'));
const InstrumentsPage = lazy(() => import('../features/instruments/InstrumentsPage'));
const FeedPage = lazy(() => import('../features/feed/FeedPage'));
const ContentPage = lazy(() => import('../features/content/ContentPage'));
const MessagesPage = lazy(() => import('../features/messages/MessagesPage'));
const SiteSettingsPage = lazy(() => import('../features/site-settings/SiteSettingsPage'));

function NotFound() {
  return <Result status="404" title="Page not found" subTitle="Pick a page from the menu." />;
}

export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<AdminLayout />}>
            <Route index element={<Navigate to="/ledger" replace />} />
            <Route path="ledger" element={<LedgerPage />} />
            <Route path="journal" element={<JournalPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="outbox" element={<OutboxPage />} />
            <Route path="kyc" element={<KycReviewPage />} />
            <Route path="addresses" element={<AddressesPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="currencies" element={<CurrenciesPage />} />
            <Route path="instruments" element={<InstrumentsPage />} />
            <Route path="feed" element={<FeedPage />} />
            <Route path="content" element={<ContentPage />} />
            <Route path="messages" element={<MessagesPage />} />
            <Route path="site" element={<SiteSettingsPage />} />
            {assetsRoutes}
            {chainRoutes}
            {contractsRoutes}
            {leverRoutes}
            {followRoutes}
            {spotRoutes}
            {savingsRoutes}
            <Route
              path="operators"
              element={
                <RequireRole roles={['admin']}>
                  <OperatorsPage />
                </RequireRole>
              }
            />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Routes>
    </HashRouter>
  );
}
