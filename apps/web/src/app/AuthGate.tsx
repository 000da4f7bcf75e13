/**
 * Protected navigation (docs/product/api.md): a visitor opening a protected page sees the
 * "please log in" toast and lands on the login page after 1200 ms. The login page returns to the
 * requested page afterwards.
 */
import { LOGIN_REDIRECT_MS } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useToken } from '../api/session';
import { LockIcon } from '../ui/icons';
import { showToast } from '../ui/toast';
import { StateView } from '../ui/StateView';
import { isProtectedPath, PATHS } from './paths';

export interface LoginState {
  from?: string;
}

export function AuthGate({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const blocked = !token && isProtectedPath(location.pathname);
  if (!blocked) return children;
  return <LoginRequired from={location.pathname + location.search} />;
}

function LoginRequired({ from }: { from: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goLogin = () => void navigate(PATHS.login, { replace: true, state: { from } satisfies LoginState });

  useEffect(() => {
    showToast({ content: t('common.pleaseLogIn') });
    const id = setTimeout(goLogin, LOGIN_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [from]);

  return (
    <StateView icon={<LockIcon />} fullPage tone="brand" title={t('common.pleaseLogIn')} testId="login-required">
      <Button color="primary" onClick={goLogin}>
        {t('common.logIn')}
      </Button>
    </StateView>
  );
}
