/** Login: e-mail or mobile + password, or a browser wallet; returns to the page that asked. */
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginState } from '../../../app/AuthGate';
import { PATHS } from '../../../app/paths';
import { DemoBadge } from '../../../ui/DemoBadge';
import { PageHeader } from '../../../ui/PageHeader';
import { useDemoMode, useSiteName } from '../../platform/api/settings';
import { login } from '../api/auth';
import { AccountField, AccountTabs, type AccountType } from '../components/AccountFields';
import { PasswordInput } from '../components/PasswordInput';
import { WalletButton } from '../components/WalletButton';
import '../identity.css';

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
  const [type, setType] = useState<AccountType>('email');

  const done = () => void navigate(safeTarget((location.state as LoginState | null)?.from), { replace: true });

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      await login(values.user_string.trim(), values.password);
      Toast.show({ icon: 'success', content: t('auth.success') });
      done();
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
          <Button
            size="small"
            fill="outline"
            color="primary"
            onClick={() => {
              setType('email');
              form.setFieldsValue(DEMO_ACCOUNT);
            }}
            data-testid="use-demo"
          >
            {t('auth.useDemo')}
          </Button>
        </div>
      )}

      <AccountTabs value={type} onChange={setType} />
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
        {type === 'email' ? (
          <Form.Item
            name="user_string"
            label={t('auth.account')}
            rules={[{ required: true, whitespace: true, message: t('auth.accountRequired') }]}
          >
            <Input placeholder={t('auth.accountPlaceholder')} autoComplete="username" clearable data-testid="login-account" />
          </Form.Item>
        ) : (
          <AccountField type="mobile" testId="login-account" />
        )}
        <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
          <PasswordInput placeholder={t('auth.passwordPlaceholder')} testId="login-password" />
        </Form.Item>
      </Form>
      <div className="auth-links">
        <Link to={PATHS.forget} data-testid="to-forget">
          {t('identity.forgotPassword')}
        </Link>
        <Link to={PATHS.register + location.search} data-testid="to-register">
          {t('identity.registerNow')}
        </Link>
      </div>
      <div className="auth-wallet">
        <WalletButton onDone={done} />
      </div>
    </div>
  );
}
