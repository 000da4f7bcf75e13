/** "Me" (protected): who is signed in, language, display currency, logout. */
import { APP_VERSION, LANG_NAMES, toLang } from '@bourse/contract';
import { Button, Dialog, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { GlobeIcon, UserIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { logout } from '../../auth/api/auth';
import { FiatPicker } from '../../platform/components/FiatPicker';

export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const name = user?.nickname || user?.email || user?.mobile || '';
  const isDemo = user?.is_demo === true || user?.is_demo === 1;

  const onLogout = async () => {
    const ok = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    // Leave the protected page first so the auth gate does not bounce to login.
    void navigate(PATHS.home, { replace: true });
    try {
      await logout();
    } catch {
      // The local session is cleared either way.
    }
    Toast.show({ content: t('settings.loggedOut') });
  };

  return (
    <div className="page settings-page" data-testid="page-settings">
      <PageHeader title={t('settings.title')} />
      <div className="profile-card">
        <span className="profile-avatar">
          <UserIcon />
        </span>
        <div className="profile-text">
          <div className="profile-name">{name}</div>
          <div className="profile-sub">
            {user ? t('settings.uid', { id: user.id }) : ''}
            {isDemo && <span className="tag-demo">{t('settings.demoUser')}</span>}
          </div>
        </div>
      </div>
      <List className="settings-list">
        <List.Item
          prefix={<GlobeIcon className="list-icon" />}
          extra={LANG_NAMES[toLang(i18n.language)]}
          onClick={() => void navigate(PATHS.language)}
          data-testid="settings-language"
        >
          {t('settings.language')}
        </List.Item>
        <List.Item extra={<FiatPicker />} arrowIcon={false}>
          {t('settings.fiat')}
        </List.Item>
        <List.Item extra={APP_VERSION} arrowIcon={false}>
          {t('settings.version')}
        </List.Item>
      </List>
      <div className="settings-actions">
        <Button block color="danger" fill="outline" size="large" onClick={() => void onLogout()} data-testid="logout">
          {t('settings.logout')}
        </Button>
      </div>
    </div>
  );
}
