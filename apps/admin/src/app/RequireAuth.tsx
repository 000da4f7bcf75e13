import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button, Flex, Result } from 'antd';
import type { OperatorRole } from '@bourse/contract';
import { ApiError, errorText } from '../api/client';
import { FullPageSpin } from '../ui/FullPageSpin';
import { OperatorProvider, hasRole, useMe, useOperator, useSession, useSignOut } from './auth';

/** The signed-in part of the console: no token → sign-in page, remembering where the operator was going. */
export function RequireAuth() {
  const { token, endedBecause } = useSession();
  const location = useLocation();
  const me = useMe();
  const signOut = useSignOut();

  if (!token || (me.error instanceof ApiError && me.error.kind === 'session')) {
    // After an explicit sign-out the next operator starts afresh; otherwise come back here after sign-in.
    const from = endedBecause === 'signed_out' ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={from ? { from } : null} />;
  }
  if (me.isPending) return <FullPageSpin tip="Checking your session…" />;
  if (me.isError) {
    return (
      <Result
        status="warning"
        title="Could not check your session"
        subTitle={errorText(me.error)}
        extra={
          <Flex gap={8} justify="center">
            <Button type="primary" onClick={() => void me.refetch()}>
              Retry
            </Button>
            <Button onClick={() => signOut.mutate()}>Sign out</Button>
          </Flex>
        }
      />
    );
  }
  return (
    <OperatorProvider value={me.data}>
      <Outlet />
    </OperatorProvider>
  );
}

/** Pages restricted to some roles (the server enforces the same rule). */
export function RequireRole({ roles, children }: { roles: readonly OperatorRole[]; children: ReactNode }) {
  const operator = useOperator();
  if (!hasRole(operator, roles)) {
    return (
      <Result
        status="403"
        title="Not available for your role"
        subTitle={`This page needs the ${roles.join(' or ')} role; you are signed in as ${operator.role}.`}
      />
    );
  }
  return children;
}
