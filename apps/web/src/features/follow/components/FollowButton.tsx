/**
 * Follow / Following. Signed out, Follow asks to log in (and the login page returns here); signed
 * in it opens the follow sheet. Following opens the caller's copies, where a follow is stopped.
 */
import { Button, Dialog } from 'antd-mobile';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginState } from '../../../app/AuthGate';
import { PATHS } from '../../../app/paths';
import { useToken } from '../../../api/session';
import { FOLLOW_PATHS } from '../paths';

interface Props {
  traderUserId: number;
  following: boolean;
  onFollow: () => void;
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
}

export function FollowButton({ traderUserId, following, onFollow, block, size = 'small' }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(useToken());

  const click = (e: MouseEvent) => {
    e.stopPropagation();
    if (following) {
      void navigate(FOLLOW_PATHS.mine);
      return;
    }
    if (!signedIn) {
      void Dialog.confirm({
        title: t('follow.loginTitle'),
        content: t('follow.loginDesc'),
        confirmText: t('common.logIn'),
        cancelText: t('common.cancel'),
        onConfirm: () =>
          void navigate(PATHS.login, {
            state: { from: location.pathname + location.search } satisfies LoginState,
          }),
      });
      return;
    }
    onFollow();
  };

  return (
    <Button
      size={size}
      block={block}
      color="primary"
      fill={following ? 'outline' : 'solid'}
      className="follow-btn"
      onClick={click}
      data-testid={`follow-btn-${traderUserId}`}
    >
      {following ? t('follow.following') : t('follow.follow')}
    </Button>
  );
}
