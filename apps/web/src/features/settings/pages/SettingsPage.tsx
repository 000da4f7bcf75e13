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
import { useUserInfo } from '../../account/api/account';
import { AuthImage } from '../../account/components/AuthImage';
import { KycStatusTag } from '../../account/components/KycStatusTag';
import '../../auth/identity.css';

export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  // Refreshes the stored user (nickname, avatar, verification) whenever Me opens.
  useUserInfo();
  const name = user?.nickname || user?.email || user?.mobile || '';
  const isDemo = user?.is_demo === true || user?.is_demo === 1;

  const onLogout = async () => {
    const ok = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('settings.stayLoggedIn'),
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
      <div className="profile-card" onClick={() => void navigate(PATHS.account)} role="button" data-testid="settings-profile">
        <span className="profile-avatar">
          {typeof user?.head_portrait === 'string' && user.head_portrait ? (
            <AuthImage src={user.head_portrait} alt="" className="avatar-img" />
          ) : (
            <UserIcon />
          )}
        </span>
        <div className="profile-text">
          <div className="profile-name">{name}</div>
          <div className="profile-sub">
            {user ? t('settings.uid', { id: user.id }) : ''}
            {isDemo && <span className="tag-demo">{t('settings.demoUser')}</span>}
          </div>
        </div>
      </div>
      <List className="settings-list list-block">
        <List.Item onClick={() => void navigate(PATHS.account)} data-testid="settings-account">
          {t('identity.accountTitle')}
        </List.Item>
        <List.Item onClick={() => void navigate(PATHS.security)} data-testid="settings-security">
          {t('identity.securityTitle')}
        </List.Item>
        <List.Item
          onClick={() => void navigate(PATHS.kyc)}
          extra={typeof user?.real_status === 'string' ? <KycStatusTag status={user.real_status as 'none'} /> : undefined}
          data-testid="settings-kyc"
        >
          {t('identity.kycTitle')}
        </List.Item>
        <List.Item onClick={() => void navigate(PATHS.addresses)} data-testid="settings-addresses">
          {t('identity.addressBook')}
        </List.Item>
        <List.Item onClick={() => void navigate(PATHS.bankCards)} data-testid="settings-bank">
          {t('identity.bankCards')}
        </List.Item>
        <List.Item onClick={() => void navigate(PATHS.invite)} data-testid="settings-invite">
          {t('identity.inviteTitle')}
        </List.Item>
      </List>
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
