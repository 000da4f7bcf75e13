/** Login (spec §2, §7): e-mail or mobile + password; returns to the page that asked for it. */
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginState } from '../../../app/AuthGate';
import { PATHS } from '../../../app/paths';
import { DemoBadge } from '../../../ui/DemoBadge';
import { PageHeader } from '../../../ui/PageHeader';
import { useDemoMode, useSiteName } from '../../platform/api/settings';
import { login } from '../api/auth';

/** The seeded demo account (only advertised when the server runs in demo mode). */
const DEMO_ACCOUNT = { user_string: 'demo@example.com', password: 'demo1234' };

interface LoginForm {
  user_string: string;
  password: string;
}

function safeTarget(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/pages/') || from.startsWith(PATHS.login)) return PATHS.home;
  return from;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const demo = useDemoMode();
  const siteName = useSiteName();
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      await login(values.user_string.trim(), values.password);
      Toast.show({ icon: 'success', content: t('auth.success') });
      void navigate(safeTarget((location.state as LoginState | null)?.from), { replace: true });
    } catch {
      // The API client already showed the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="page login-page" data-testid="page-login">
      <PageHeader title="" />
      <div className="login-head">
        <h1>{t('auth.title')}</h1>
        <p>{t('auth.subtitle')}</p>
        <span className="login-site">{siteName}</span>
      </div>

      {demo && (
        <div className="demo-card" data-testid="demo-account">
          <div className="demo-card-head">
            <DemoBadge />
            <strong>{t('auth.demoTitle')}</strong>
          </div>
          <p>{t('auth.demoHint')}</p>
          <p className="demo-credentials num">
            {DEMO_ACCOUNT.user_string} / {DEMO_ACCOUNT.password}
          </p>
          <Button size="small" fill="outline" color="primary" onClick={() => form.setFieldsValue(DEMO_ACCOUNT)} data-testid="use-demo">
            {t('auth.useDemo')}
          </Button>
        </div>
      )}

      <Form
        form={form}
        layout="vertical"
        onFinish={(values: LoginForm) => void onFinish(values)}
        className="login-form"
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting} data-testid="login-submit">
            {t('auth.submit')}
          </Button>
        }
      >
        <Form.Item
          name="user_string"
          label={t('auth.account')}
          rules={[{ required: true, whitespace: true, message: t('auth.accountRequired') }]}
        >
          <Input placeholder={t('auth.accountPlaceholder')} autoComplete="username" clearable data-testid="login-account" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
          <Input
            type="password"
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            clearable
            data-testid="login-password"
          />
        </Form.Item>
      </Form>
      <p className="login-foot">{t('auth.noRegister')}</p>
    </div>
  );
}
