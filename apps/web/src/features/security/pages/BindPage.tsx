/** Bind or change the e-mail (code to the new address + current password) or the mobile number. */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { useUserInfo } from '../../account/api/account';
import { refreshUser } from '../../auth/api/auth';
import { AccountField, codeTargetOf } from '../../auth/components/AccountFields';
import { CodeButton } from '../../auth/components/CodeButton';
import { PasswordInput } from '../../auth/components/PasswordInput';
import '../../auth/identity.css';

interface F {
  target: string;
  area_code?: string;
  code: string;
  password?: string;
}

export function BindPage({ kind }: { kind: 'email' | 'mobile' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<F>();
  const [busy, setBusy] = useState(false);
  const u = useUserInfo().data;
  const invalid = (which: 'email' | 'mobile') => Toast.show({ content: t(which === 'email' ? 'identity.emailInvalid' : 'identity.mobileInvalid') });

  const onFinish = async (v: F) => {
    setBusy(true);
    try {
      if (kind === 'email') await api.post('/safe/email', { email: v.target.trim(), code: v.code.trim(), password: v.password ?? '' });
      else await api.post('/safe/mobile', { mobile: v.target.trim(), area_code: v.area_code ?? '86', code: v.code.trim() });
      Toast.show({ icon: 'success', content: t('identity.saved') });
      await refreshUser();
      await qc.invalidateQueries({ queryKey: ['identity'] });
      void navigate(PATHS.security, { replace: true });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const title = kind === 'email' ? (u?.email ? t('identity.changeEmail') : t('identity.bindEmail')) : u?.mobile ? t('identity.changeMobile') : t('identity.bindMobile');
  return (
    <div className="page identity-page" data-testid={`page-bind-${kind}`}>
      <PageHeader title={title} fallback={PATHS.security} />
      <Form
        form={form}
        layout="vertical"
        className="login-form card-form"
        initialValues={{ area_code: '86' }}
        onFinish={(v: F) => void onFinish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="bind-submit">
            {t('common.confirm')}
          </Button>
        }
      >
        <AccountField type={kind} name="target" testId="bind-target" />
        <Form.Item
          name="code"
          label={t('identity.code')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('identity.codeInvalid') }]}
          extra={<CodeButton scene="bind" target={() => codeTargetOf((n) => form.getFieldValue(n), kind, 'target', invalid)} testId="bind-send-code" />}
        >
          <Input placeholder={t('identity.codePlaceholder')} maxLength={6} inputMode="numeric" data-testid="bind-code" />
        </Form.Item>
        {kind === 'email' && u?.has_password && (
          <Form.Item name="password" label={t('identity.currentPassword')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
            <PasswordInput placeholder={t('auth.passwordPlaceholder')} testId="bind-password" />
          </Form.Item>
        )}
      </Form>
    </div>
  );
}
