import { createContext, use, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operator, OperatorRole } from '@bourse/contract';
import { adminApi } from '../api/admin';
import { clearToken, getSession, setToken, subscribeSession, type SessionSnapshot } from '../api/session';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession);
}

export const meKey = (token: string | null) => ['admin', 'me', token] as const;

/** The signed-in operator, fetched once per token. */
export function useMe() {
  const { token } = useSession();
  return useQuery({
    queryKey: meKey(token),
    queryFn: adminApi.me,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      adminApi.login(username, password),
    onSuccess: ({ token, operator }) => {
      queryClient.clear();
      queryClient.setQueryData(meKey(token), operator);
      setToken(token);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await adminApi.logout();
      } catch {
        // The session ends locally whatever the server says (it may already have expired).
      }
    },
    onSettled: () => {
      clearToken('signed_out');
      queryClient.clear();
    },
  });
}

const OperatorContext = createContext<Operator | null>(null);
export const OperatorProvider = OperatorContext.Provider;

/** The signed-in operator inside the authenticated part of the console. */
export function useOperator(): Operator {
  const operator = use(OperatorContext);
  if (!operator) throw new Error('useOperator outside the signed-in console');
  return operator;
}

export function hasRole(operator: Operator, roles: readonly OperatorRole[]): boolean {
  return roles.includes(operator.role);
}
