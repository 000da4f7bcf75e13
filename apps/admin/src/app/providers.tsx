import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { ApiError } from '../api/client';
import { subscribeSession, getSession } from '../api/session';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // Business errors and expired sessions are answers, not glitches: retry only transport faults.
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.kind === 'network' || error.kind === 'http'),
      },
      mutations: { retry: false },
    },
  });
}

/** Drops every cached answer when the session ends (sign-out, expiry, another tab). */
function SessionCacheGuard({ client }: { client: QueryClient }) {
  useEffect(() => {
    let previous = getSession().token;
    return subscribeSession(() => {
      const { token } = getSession();
      if (previous !== null && token === null) queueMicrotask(() => client.clear());
      previous = token;
    });
  }, [client]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <ConfigProvider
      theme={{
        token: { colorPrimary: '#1668dc', borderRadius: 6 },
        components: { Layout: { siderBg: '#0f1b2d', headerBg: '#ffffff' }, Menu: { darkItemBg: '#0f1b2d' } },
      }}
    >
      <AntApp>
        <QueryClientProvider client={client}>
          <SessionCacheGuard client={client} />
          {children}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
