/** Providers: TanStack Query, hash router, antd-mobile locale; plus app-wide effects. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, useNavigate } from 'react-router';
import { usePing } from '../api/ping';
import { useAntdLocale, type AntdLocale } from '../i18n/antdLocale';
import { registerNavigate } from '../lib/navigation';
import { queryClient } from './queryClient';
import { AppRoutes } from './routes';

function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate((to) => void navigate(to));
    return () => registerNavigate(null);
  }, [navigate]);
  return null;
}

function Effects() {
  usePing();
  const { i18n } = useTranslation();
  useEffect(() => {
    const onChange = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return null;
}

interface AppProps {
  /** The server render (src/ssr/entry.tsx) passes its own cache and a static router at `/`. */
  client?: QueryClient;
  Router?: ComponentType<{ children: ReactNode }>;
  /** antd-mobile's texts; the server render passes its page's, the browser follows the UI language. */
  antdLocale?: AntdLocale;
}

// One tree for the browser and the server render: hydration (and useId) need the same shape.
export function App({ client = queryClient, Router = HashRouter, antdLocale }: AppProps) {
  const current = useAntdLocale();
  return (
    <ConfigProvider locale={antdLocale ?? current}>
      <QueryClientProvider client={client}>
        <Router>
          <NavigateBridge />
          <Effects />
          <AppRoutes />
        </Router>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
