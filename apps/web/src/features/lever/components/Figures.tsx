/** Small pieces the leverage screens share: side and leverage tag, signed P&L, exit reason, login prompt. */
import type { LeverPosition } from '@bourse/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginState } from '../../../app/AuthGate';
import { PATHS } from '../../../app/paths';
import { LockIcon } from '../../../ui/icons';
import { StateView } from '../../../ui/StateView';
import { signClass, signed } from '../lib';

export function SideTag({ side, leverage }: { side: LeverPosition['side']; leverage?: number }) {
  const { t } = useTranslation();
  return (
    <span className={`lever-side-tag lever-side-tag-${side}`}>
      {side === 'long' ? t('lever.long') : t('lever.short')}
      {leverage !== undefined && ` ${leverage}×`}
    </span>
  );
}

/** A signed amount coloured by its sign ("+12.5" green, "-3" red). */
export function Pnl({
  value,
  testId,
  suffix,
}: {
  value: string | null | undefined;
  testId?: string;
  suffix?: string;
}) {
  return (
    <span className={`num change-${signClass(value)}`} data-testid={testId}>
      {signed(value)}
      {suffix}
    </span>
  );
}

export function ExitReason({ reason }: { reason: LeverPosition['exit_reason'] }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <span className={`lever-exit lever-exit-${reason}`} data-testid="lever-exit-reason">
      {t(`lever.exit.${reason}`)}
    </span>
  );
}

/** Signed out: what needs a session says so, with a button to the login page (which returns here). */
export function LoginPrompt({ title }: { title?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <StateView
      icon={<LockIcon />}
      tone="brand"
      title={title ?? t('lever.loginTitle')}
      description={t('lever.loginDesc')}
      testId="lever-login"
    >
      <Button
        color="primary"
        size="small"
        onClick={() =>
          void navigate(PATHS.login, {
            state: { from: location.pathname + location.search } satisfies LoginState,
          })
        }
      >
        {t('common.logIn')}
      </Button>
    </StateView>
  );
}
