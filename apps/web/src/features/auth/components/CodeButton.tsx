import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCode, type CodeTarget, type Scene } from '../api/auth';

interface Props {
  /** The target, or null after showing why it is not valid yet. */
  target: () => CodeTarget | null;
  scene: Scene;
  testId?: string;
}

/** "Get code" with a countdown until another code may be requested. */
export function CodeButton({ target, scene, testId }: Props) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);

  const onClick = async () => {
    const to = target();
    if (!to) return;
    setBusy(true);
    try {
      const r = await sendCode(to, scene);
      setLeft(r.cooldown || 60);
      Toast.show({ icon: 'success', content: t('identity.codeSent') });
    } catch {
      // The API client showed the reason (cooldown, limit, invalid address).
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="code-button" disabled={busy || left > 0} onClick={() => void onClick()} data-testid={testId}>
      {left > 0 ? t('identity.resendIn', { seconds: left }) : t('identity.getCode')}
    </button>
  );
}
