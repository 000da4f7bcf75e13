import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Button, Divider, Flex, Layout, Menu, Tag, Typography, type MenuProps } from 'antd';
import type { OperatorRole } from '@bourse/contract';
import { assetsNav } from '../features/assets/routes';
import { chainNav } from '../features/chain/routes';
import { contractsNav } from '../features/contracts/routes';
import { followNav } from '../features/follow/routes';
import { leverNav } from '../features/lever/routes';
import { savingsNav } from '../features/savings/routes';
import { spotNav } from '../features/spot/routes';
import { FullPageSpin } from '../ui/FullPageSpin';
import type { NavItem } from './nav';
import { hasRole, useOperator, useSignOut } from './auth';


export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/ledger', label: 'Ledger' },
  { path: '/journal', label: 'Journal' },
  { path: '/currencies', label: 'Currencies' },
  { path: '/instruments', label: 'Markets' },
  { path: '/feed', label: 'Price feed' },
  ...assetsNav,
  ...chainNav,
  ...contractsNav,
  ...leverNav,
  ...followNav,
  ...spotNav,
  ...savingsNav,
  { path: '/users', label: 'Users' },
  { path: '/kyc', label: 'Real-name review' },
  { path: '/addresses', label: 'Address approvals' },
  { path: '/content', label: 'Content' },
  { path: '/messages', label: 'Messages' },
  { path: '/site', label: 'Site settings' },
  { path: '/outbox', label: 'Outbox' },
  { path: '/audit', label: 'Audit log' },
  { path: '/operators', label: 'Operators', roles: ['admin'] },
];

export const ROLE_COLORS: Record<OperatorRole, string> = { admin: 'magenta', reviewer: 'geekblue', support: 'cyan' };

export function AdminLayout() {
  const operator = useOperator();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();

  const items: MenuProps['items'] = NAV_ITEMS.filter((item) => !item.roles || hasRole(operator, item.roles)).map(
    (item) => ({ key: item.path, label: item.label }),
  );
  const selected = NAV_ITEMS.find((item) => location.pathname.startsWith(item.path))?.path;

  return (
    <Layout style={{ minHeight: '100vh', background: '#0f1b2d' }}>
      <Layout.Sider width={220} breakpoint="lg" collapsedWidth={0} style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}>
        <div className="brand">
          <span className="brand-mark">B</span>
          <span>
            Bourse <span className="brand-sub">console</span>
          </span>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          onClick={({ key }) => void navigate(key)}
          style={{ borderInlineEnd: 0, paddingTop: 8 }}
          data-testid="admin-nav"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            borderBottom: '1px solid #f0f0f0',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Flex align="center" gap={8} data-testid="admin-operator">
            <Typography.Text type="secondary">Signed in as</Typography.Text>
            <Typography.Text strong>{operator.username}</Typography.Text>
            <Tag color={ROLE_COLORS[operator.role]} style={{ marginInlineEnd: 0 }}>
              {operator.role}
            </Tag>
            <Divider orientation="vertical" />
            <Button onClick={() => signOut.mutate()} loading={signOut.isPending} data-testid="admin-sign-out">
              Sign out
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, maxWidth: 1440, width: '100%', margin: '0 auto' }}>
          <Suspense fallback={<FullPageSpin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
