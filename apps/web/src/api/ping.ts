/** Keep-alive ping: GET /user/pingw every 5 s, only while a token exists, no loading. */
import { PING_INTERVAL_MS, type Ping } from '@bourse/contract';
import { useEffect } from 'react';
import { api } from './client';
import { useToken } from './session';

export function ping(): Promise<Ping> {
  return api.get<Ping>('/user/pingw', {}, { loading: false, toast: false });
}

export function usePing(): void {
  const token = useToken();
  useEffect(() => {
    if (!token) return;
    const run = () => {
      ping().catch(() => undefined);
    };
    run();
    const id = setInterval(run, PING_INTERVAL_MS);
    return () => clearInterval(id);
  }, [token]);
}
