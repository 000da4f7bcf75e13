import { Form, Input, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CodeTarget } from '../api/auth';
import { AreaCodeSelect } from './AreaCodeSelect';
import { EMAIL_RE, validMobile } from './areaCodes';

export type AccountType = 'email' | 'mobile';

/** E-mail / mobile tabs for the top of the auth forms. */
export function AccountTabs({ value, onChange }: { value: AccountType; onChange: (v: AccountType) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs activeKey={value} onChange={(k) => onChange(k as AccountType)} className="account-tabs">
      <Tabs.Tab title={t('identity.tabEmail')} key="email" />
      <Tabs.Tab title={t('identity.tabMobile')} key="mobile" />
    </Tabs>
  );
}

/** The account field: e-mail, or area code + mobile number. */
export function AccountField({ type, name = 'user_string', testId }: { type: AccountType; name?: string; testId?: string }) {
  const { t } = useTranslation();
  if (type === 'email') {
    return (
      <Form.Item
        name={name}
        label={t('identity.email')}
        rules={[
          { required: true, whitespace: true, message: t('identity.emailRequired') },
          { pattern: EMAIL_RE, message: t('identity.emailInvalid'), transform: (v: string) => v?.trim() },
        ]}
      >
        <Input placeholder={t('identity.emailPlaceholder')} autoComplete="email" clearable data-testid={testId} />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={t('identity.mobile')} required>
      <div className="mobile-row">
        <Form.Item name="area_code" noStyle initialValue="86">
          <AreaCodeSelect testId={testId ? `${testId}-area` : undefined} />
        </Form.Item>
        <Form.Item
          name={name}
          noStyle
          rules={[
            { required: true, whitespace: true, message: t('identity.mobileRequired') },
          ]}
        >
          <Input placeholder={t('identity.mobilePlaceholder')} type="tel" autoComplete="tel-national" clearable data-testid={testId} />
        </Form.Item>
      </div>
    </Form.Item>
  );
}

/** Reads and checks the account fields for sending a code; shows why not when invalid. */
export function codeTargetOf(
  get: (field: string) => unknown,
  type: AccountType,
  name: string,
  invalid: (which: 'email' | 'mobile') => void,
): CodeTarget | null {
  const value = get(name);
  const raw = typeof value === 'string' ? value.trim() : '';
  if (type === 'email') {
    if (!EMAIL_RE.test(raw)) {
      invalid('email');
      return null;
    }
    return { channel: 'email', userString: raw };
  }
  const areaValue = get('area_code');
  const area = typeof areaValue === 'string' && areaValue ? areaValue : '86';
  if (!validMobile(raw, area)) {
    invalid('mobile');
    return null;
  }
  return { channel: 'sms', userString: raw, areaCode: area };
}
