/** The five-tab shell: Home, Quotes, Trade, Savings, Assets. */
import { TabBar } from 'antd-mobile';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { HomeIcon, QuotesIcon, SavingsIcon, TradeIcon, WalletIcon } from '../ui/icons';
import { AuthGate } from './AuthGate';
import { PATHS } from './paths';

interface Tab {
  path: string;
  id: 'home' | 'quotes' | 'trade' | 'savings' | 'assets';
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const TABS: Tab[] = [
  { path: PATHS.home, id: 'home', Icon: HomeIcon },
  { path: PATHS.quotes, id: 'quotes', Icon: QuotesIcon },
  { path: PATHS.trade, id: 'trade', Icon: TradeIcon },
  { path: PATHS.savings, id: 'savings', Icon: SavingsIcon },
  { path: PATHS.assets, id: 'assets', Icon: WalletIcon },
];

// The location the app opened on: its page shows at once (it may be the server's markup, painted
// before any script ran, and a fade from opacity 0 would hide it until the main thread is free);
// pages opened afterwards fade in.
let openedOn: string | undefined;
function usePageEnterClass(): string | undefined {
  const { key } = useLocation();
  openedOn ??= key;
  return key === openedOn ? undefined : 'page-enter';
}

export function TabLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname === PATHS.root ? PATHS.home : location.pathname;
  const enter = usePageEnterClass();

  return (
    <div className="tab-shell">
      <main className="tab-content">
        <AuthGate>
          <div className={enter} key={location.pathname}>
            <Outlet />
          </div>
        </AuthGate>
      </main>
      <nav className="tab-bar">
        <TabBar activeKey={active} onChange={(key) => void navigate(key)} safeArea>
          {TABS.map(({ path, id, Icon }) => (
            <TabBar.Item key={path} icon={<Icon />} title={t(`tabs.${id}`)} data-testid={`tab-${id}`} />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}

/** Non-tab pages (login, settings, language): full-height column with the same auth rule. */
export function PlainLayout() {
  const location = useLocation();
  const enter = usePageEnterClass();
  return (
    <div className="plain-shell">
      <AuthGate>
        <div className={enter} key={location.pathname}>
          <Outlet />
        </div>
      </AuthGate>
    </div>
  );
}
