import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { ApiError, errorText } from '../../api/client';
import { acknowledgeSessionEnd } from '../../api/session';
import { useSession, useSignIn } from '../../app/auth';

interface LoginForm {
  username: string;
  password: string;
}

function signInErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'http' && error.status === 429) return 'Too many sign-in attempts. Wait a minute and try again.';
    if (error.kind === 'business' && error.message) return error.message;
  }
  return errorText(error);
}

function safeReturnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = state.from;
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login')) return from;
  }
  return '/ledger';
}

export function LoginPage() {
  const { token, endedBecause } = useSession();
  const location = useLocation();
  const signIn = useSignIn();
  const [form] = Form.useForm<LoginForm>();
  const [notice] = useState(endedBecause);
  const returnTo = safeReturnPath(location.state);

  useEffect(() => {
    if (endedBecause) acknowledgeSessionEnd();
  }, [endedBecause]);

  // Signed in (now, or already in another tab): go where the operator was heading.
  if (token) return <Navigate to={returnTo} replace />;

  const onFinish = ({ username, password }: LoginForm) => {
    signIn.mutate(
      { username: username.trim(), password },
      { onError: () => form.setFieldValue('password', '') },
    );
  };

  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #0f1b2d 0%, #1d3557 55%, #f5f6f8 55%)' }}
    >
      <Card style={{ width: 380, boxShadow: '0 12px 40px rgba(15, 27, 45, 0.18)' }}>
        <Flex vertical gap={4} style={{ marginBottom: 24 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Bourse console
          </Typography.Title>
          <Typography.Text type="secondary">Operator sign-in</Typography.Text>
        </Flex>

        {notice === 'expired' && !signIn.isError ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Your session has expired. Sign in again." />
        ) : null}
        {signIn.isError ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={signInErrorText(signIn.error)}
            data-testid="admin-login-error"
          />
        ) : null}

        <Form<LoginForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={signIn.isPending}>
          <Form.Item
            label="Username"
            name="username"
            rules={[{ required: true, whitespace: true, message: 'Enter your username' }]}
          >
            <Input autoComplete="username" autoFocus size="large" data-testid="admin-login-username" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
            <Input.Password autoComplete="current-password" size="large" data-testid="admin-login-password" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={signIn.isPending}
            data-testid="admin-login-submit"
          >
            Sign in
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
