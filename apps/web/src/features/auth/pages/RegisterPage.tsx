/** Registration: e-mail or mobile (area code, default 86), a 6-digit code, password, optional invite code. */
import { Button, Checkbox, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { inviteFromLocation, register } from '../api/auth';
import { AccountField, AccountTabs, codeTargetOf, type AccountType } from '../components/AccountFields';
import { validPassword } from '../components/areaCodes';
import { CodeButton } from '../components/CodeButton';
import { LegalSheet, type LegalPage } from '../components/LegalSheet';
import { CONTENT_PATHS } from '../../content/paths';
import { PasswordInput } from '../components/PasswordInput';
import { WalletButton } from '../components/WalletButton';
import '../identity.css';

interface RegisterForm {
  user_string: string;
  area_code?: string;
  code: string;
  password: string;
  re_password: string;
  extension_code?: string;
  agree: boolean;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [type, setType] = useState<AccountType>('email');
  const [submitting, setSubmitting] = useState(false);
  const [legal, setLegal] = useState<LegalPage | null>(null);
  const invite = inviteFromLocation();

  /** A link to the terms or privacy page that opens it in a sheet, keeping the form as typed. */
  const legalLink = (which: LegalPage) => (
    <a
      href={`#${CONTENT_PATHS[which]}`}
      className="agree-link"
      onClick={(e) => {
        // Inside the checkbox's label: neither tick the box nor leave the page.
        e.preventDefault();
        e.stopPropagation();
        setLegal(which);
      }}
      data-testid={`register-${which}-link`}
    />
  );

  const onFinish = async (v: RegisterForm) => {
    setSubmitting(true);
    try {
      await register({
        type,
        user_string: v.user_string.trim(),
        area_code: type === 'mobile' ? (v.area_code ?? '86') : undefined,
        code: v.code.trim(),
        password: v.password,
        re_password: v.re_password,
        extension_code: v.extension_code?.trim() || undefined,
      });
      Toast.show({ icon: 'success', content: t('identity.registered') });
      void navigate(PATHS.home, { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setSubmitting(false);
    }
  };

  const invalid = (which: 'email' | 'mobile') => Toast.show({ content: t(which === 'email' ? 'identity.emailInvalid' : 'identity.mobileInvalid') });

  return (
    <div className="page login-page" data-testid="page-register">
      <PageHeader title="" fallback={PATHS.login} />
      <div className="login-head">
        <h1>{t('identity.registerTitle')}</h1>
        <p>{t('identity.registerSubtitle')}</p>
      </div>
      <AccountTabs
        value={type}
        onChange={(v) => {
          setType(v);
          form.setFieldsValue({ user_string: '', code: '' });
        }}
      />
      <Form
        form={form}
        layout="vertical"
        className="login-form"
        initialValues={{ extension_code: invite, area_code: '86', agree: false }}
        onFinish={(v: RegisterForm) => void onFinish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting} data-testid="register-submit">
            {t('identity.registerSubmit')}
          </Button>
        }
      >
        <AccountField type={type} testId="register-account" />
        <Form.Item
          name="code"
          label={t('identity.code')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('identity.codeInvalid') }]}
          extra={<CodeButton scene="register" target={() => codeTargetOf((n) => form.getFieldValue(n), type, 'user_string', invalid)} testId="register-send-code" />}
        >
          <Input placeholder={t('identity.codePlaceholder')} maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="register-code" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[{ required: true, validator: (_r, v: string) => (validPassword(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('identity.passwordRule')))) }]}
        >
          <PasswordInput placeholder={t('identity.passwordRule')} autoComplete="new-password" testId="register-password" />
        </Form.Item>
        <Form.Item
          name="re_password"
          label={t('identity.repeatPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('identity.repeatPasswordRequired') },
            {
              validator: (_r, v: string) =>
                v === form.getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('identity.passwordMismatch'))),
            },
          ]}
        >
          <PasswordInput placeholder={t('identity.repeatPassword')} autoComplete="new-password" testId="register-repassword" />
        </Form.Item>
        <Form.Item name="extension_code" label={t('identity.inviteCodeOptional')}>
          <Input placeholder={t('identity.inviteCodePlaceholder')} clearable maxLength={32} data-testid="register-invite" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: (_r, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('identity.agreeRequired')))) }]}
        >
          <Checkbox data-testid="register-agree">
            <span className="agree-text">
              <Trans i18nKey="identity.agree" components={{ terms: legalLink('terms'), privacy: legalLink('privacy') }} />
            </span>
          </Checkbox>
        </Form.Item>
      </Form>
      <div className="auth-links">
        <span />
        <Link to={PATHS.login}>{t('identity.haveAccount')}</Link>
      </div>
      <div className="auth-wallet">
        <WalletButton onDone={() => void navigate(PATHS.home, { replace: true })} />
      </div>
      <LegalSheet which={legal} onClose={() => setLegal(null)} />
    </div>
  );
}
