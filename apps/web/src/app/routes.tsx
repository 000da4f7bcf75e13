/** The route table. Home is in the entry chunk; every other page is loaded on demand. */
import { Route, Routes } from 'react-router';
import { AssetsSkeleton } from '../features/assets/components/AssetsSkeleton';
import { assetsRoutes } from '../features/assets/routes';
import { contentRoutes } from '../features/content/routes';
import { contractRoutes } from '../features/contract/routes';
import { followRoutes } from '../features/follow/routes';
import { leverRoutes } from '../features/lever/routes';
import { savingsRoutes } from '../features/savings/routes';
import { spotRoutes } from '../features/spot/routes';
import { HomePage } from '../features/home/pages/HomePage';
import { lazyPage } from './lazyPage';
import { PATHS } from './paths';
import { PlainLayout, TabLayout } from './TabLayout';

const QuotesPage = lazyPage(() => import('../features/quotes/pages/QuotesPage'));
const MarketPage = lazyPage(() => import('../features/market/pages/MarketPage'));
const TradePage = lazyPage(() => import('../features/trade/pages/TradePage'));
const SavingsPage = lazyPage(() => import('../features/savings/pages/SavingsPage'));
const AssetsPage = lazyPage(() => import('../features/assets/pages/AssetsPage'), <AssetsSkeleton />);
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'));
const SettingsPage = lazyPage(() => import('../features/settings/pages/SettingsPage'));
const LanguagePage = lazyPage(() => import('../features/settings/pages/LanguagePage'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage'));
const ForgetPage = lazyPage(() => import('../features/auth/pages/ForgetPage'));
const AccountPage = lazyPage(() => import('../features/account/pages/AccountPage'));
const SecurityPage = lazyPage(() => import('../features/security/pages/SecurityPage'));
const PasswordPage = lazyPage(() => import('../features/security/pages/PasswordPage'));
const BindEmailPage = lazyPage(() => import('../features/security/pages/BindEmailPage'));
const BindMobilePage = lazyPage(() => import('../features/security/pages/BindMobilePage'));
const KycPage = lazyPage(() => import('../features/kyc/pages/KycPage'));
const AddressBookPage = lazyPage(() => import('../features/address-book/pages/AddressBookPage'));
const BankCardsPage = lazyPage(() => import('../features/bank-cards/pages/BankCardsPage'));
const InvitePage = lazyPage(() => import('../features/invite/pages/InvitePage'));
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
        <Route path={PATHS.marketDetail} element={<MarketPage />} />
        <Route path={PATHS.settings} element={<SettingsPage />} />
        <Route path={PATHS.language} element={<LanguagePage />} />
        <Route path={PATHS.register} element={<RegisterPage />} />
        <Route path={PATHS.forget} element={<ForgetPage />} />
        <Route path={PATHS.account} element={<AccountPage />} />
        <Route path={PATHS.security} element={<SecurityPage />} />
        <Route path={PATHS.password} element={<PasswordPage />} />
        <Route path={PATHS.bindEmail} element={<BindEmailPage />} />
        <Route path={PATHS.bindMobile} element={<BindMobilePage />} />
        <Route path={PATHS.kyc} element={<KycPage />} />
        <Route path={PATHS.addresses} element={<AddressBookPage />} />
        <Route path={PATHS.bankCards} element={<BankCardsPage />} />
        <Route path={PATHS.invite} element={<InvitePage />} />
        {contentRoutes}
        {assetsRoutes}
        {contractRoutes}
        {leverRoutes}
        {followRoutes}
        {spotRoutes}
        {savingsRoutes}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
