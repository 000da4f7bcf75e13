/** Change password with a code sent to the own e-mail (or mobile); other sessions end. */
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { useUserInfo } from '../../account/api/account';
import { validPassword } from '../../auth/components/areaCodes';
import { CodeButton } from '../../auth/components/CodeButton';
import { PasswordInput } from '../../auth/components/PasswordInput';
import '../../auth/identity.css';

interface F {
  code: string;
  password: string;
  re_password: string;
}

export default function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<F>();
  const [busy, setBusy] = useState(false);
  const u = useUserInfo().data;
  const channel: 'email' | 'sms' = u?.email ? 'email' : 'sms';
  const to = u?.email_masked ?? (u?.mobile_masked ? `+${u.area_code ?? ''} ${u.mobile_masked}` : null);

  const onFinish = async (v: F) => {
    setBusy(true);
    try {
      await api.post('/safe/update_password', { code: v.code.trim(), password: v.password, re_password: v.re_password });
      Toast.show({ icon: 'success', content: t('identity.passwordChanged') });
      void navigate(PATHS.security, { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page identity-page" data-testid="page-password">
      <PageHeader title={t('identity.changePassword')} fallback={PATHS.security} />
      {u && !to ? (
        <p className="auth-hint">{t('identity.bindFirst')}</p>
      ) : (
        <>
          <p className="auth-hint">{t('identity.codeGoesTo', { to: to ?? '' })}</p>
          <Form
            form={form}
            layout="vertical"
            className="login-form card-form"
            onFinish={(v: F) => void onFinish(v)}
            footer={
              <Button block type="submit" color="primary" size="large" loading={busy} data-testid="password-submit">
                {t('common.confirm')}
              </Button>
            }
          >
            <Form.Item
              name="code"
              label={t('identity.code')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('identity.codeInvalid') }]}
              extra={<CodeButton scene="update_password" target={() => ({ channel })} testId="password-send-code" />}
            >
              <Input placeholder={t('identity.codePlaceholder')} maxLength={6} inputMode="numeric" data-testid="password-code" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('identity.newPassword')}
              rules={[{ required: true, validator: (_r, v: string) => (validPassword(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('identity.passwordRule')))) }]}
            >
              <PasswordInput placeholder={t('identity.passwordRule')} autoComplete="new-password" testId="password-new" />
            </Form.Item>
            <Form.Item
              name="re_password"
              label={t('identity.repeatPassword')}
              dependencies={['password']}
              rules={[{ validator: (_r, v: string) => (v && v === form.getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('identity.passwordMismatch')))) }]}
            >
              <PasswordInput placeholder={t('identity.repeatPassword')} autoComplete="new-password" testId="password-repeat" />
            </Form.Item>
          </Form>
        </>
      )}
    </div>
  );
}
