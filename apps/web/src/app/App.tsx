/** Providers: TanStack Query, hash router, antd-mobile locale; plus app-wide effects. */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, useNavigate } from 'react-router';
import { usePing } from '../api/ping';
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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HashRouter>
        <NavigateBridge />
        <Effects />
        <AppRoutes />
      </HashRouter>
    </QueryClientProvider>
  );
}
