import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  placeholder?: string;
  autoComplete?: string;
  testId?: string;
}

function Eye({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordInput({ value, onChange, placeholder, autoComplete = 'current-password', testId }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <Input
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        clearable
        data-testid={testId}
      />
      <button
        type="button"
        className="password-eye"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('identity.hidePassword') : t('identity.showPassword')}
        data-testid={testId ? `${testId}-eye` : undefined}
      >
        <Eye open={visible} />
      </button>
    </div>
  );
}
