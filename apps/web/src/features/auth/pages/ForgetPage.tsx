/** Forgotten password: a code to the e-mail or mobile, then a new password (ends every session). */
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { forgetPassword } from '../api/auth';
import { AccountField, AccountTabs, codeTargetOf, type AccountType } from '../components/AccountFields';
import { validPassword } from '../components/areaCodes';
import { CodeButton } from '../components/CodeButton';
import { PasswordInput } from '../components/PasswordInput';
import '../identity.css';

interface ForgetForm {
  account: string;
  area_code?: string;
  code: string;
  password: string;
  repassword: string;
}

export default function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetForm>();
  const [type, setType] = useState<AccountType>('email');
  const [submitting, setSubmitting] = useState(false);
  const invalid = (which: 'email' | 'mobile') => Toast.show({ content: t(which === 'email' ? 'identity.emailInvalid' : 'identity.mobileInvalid') });

  const onFinish = async (v: ForgetForm) => {
    setSubmitting(true);
    try {
      await forgetPassword({
        account: v.account.trim(),
        area_code: type === 'mobile' ? (v.area_code ?? '86') : undefined,
        code: v.code.trim(),
        password: v.password,
        repassword: v.repassword,
      });
      Toast.show({ icon: 'success', content: t('identity.passwordReset') });
      void navigate(PATHS.login, { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="page login-page" data-testid="page-forget">
      <PageHeader title={t('identity.forgotTitle')} fallback={PATHS.login} />
      <p className="auth-hint">{t('identity.forgotHint')}</p>
      <AccountTabs value={type} onChange={setType} />
      <Form
        form={form}
        layout="vertical"
        className="login-form"
        initialValues={{ area_code: '86' }}
        onFinish={(v: ForgetForm) => void onFinish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting} data-testid="forget-submit">
            {t('identity.resetSubmit')}
          </Button>
        }
      >
        <AccountField type={type} name="account" testId="forget-account" />
        <Form.Item
          name="code"
          label={t('identity.code')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('identity.codeInvalid') }]}
          extra={<CodeButton scene="forget" target={() => codeTargetOf((n) => form.getFieldValue(n), type, 'account', invalid)} testId="forget-send-code" />}
        >
          <Input placeholder={t('identity.codePlaceholder')} maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="forget-code" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('identity.newPassword')}
          rules={[{ required: true, validator: (_r, v: string) => (validPassword(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('identity.passwordRule')))) }]}
        >
          <PasswordInput placeholder={t('identity.passwordRule')} autoComplete="new-password" testId="forget-password" />
        </Form.Item>
        <Form.Item
          name="repassword"
          label={t('identity.repeatPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('identity.repeatPasswordRequired') },
            { validator: (_r, v: string) => (v === form.getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('identity.passwordMismatch')))) },
          ]}
        >
          <PasswordInput placeholder={t('identity.repeatPassword')} autoComplete="new-password" testId="forget-repassword" />
        </Form.Item>
      </Form>
    </div>
  );
}
