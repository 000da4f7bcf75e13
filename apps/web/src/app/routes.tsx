/** The route table (spec §2). Home is in the entry chunk; every other page is loaded on demand. */
import { Route, Routes } from 'react-router';
import { HomePage } from '../features/home/pages/HomePage';
import { lazyPage } from './lazyPage';
import { PATHS } from './paths';
import { PlainLayout, TabLayout } from './TabLayout';

const QuotesPage = lazyPage(() => import('../features/quotes/pages/QuotesPage'));
const TradePage = lazyPage(() => import('../features/trade/pages/TradePage'));
const SavingsPage = lazyPage(() => import('../features/savings/pages/SavingsPage'));
const AssetsPage = lazyPage(() => import('../features/assets/pages/AssetsPage'));
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'));
const SettingsPage = lazyPage(() => import('../features/settings/pages/SettingsPage'));
const LanguagePage = lazyPage(() => import('../features/settings/pages/LanguagePage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<TabLayout />}>
        <Route index element={<HomePage />} />
        <Route path={PATHS.home} element={<HomePage />} />
        <Route path={PATHS.quotes} element={<QuotesPage />} />
        <Route path={PATHS.trade} element={<TradePage />} />
        <Route path={PATHS.savings} element={<SavingsPage />} />
        <Route path={PATHS.assets} element={<AssetsPage />} />
      </Route>
      <Route element={<PlainLayout />}>
        <Route path={PATHS.login} element={<LoginPage />} />
        <Route path={PATHS.settings} element={<SettingsPage />} />
        <Route path={PATHS.language} element={<LanguagePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
