/** Security centre: change password, bind / change e-mail and mobile. */
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { useUserInfo } from '../../account/api/account';
import '../../auth/identity.css';

export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const u = useUserInfo().data;
  return (
    <div className="page identity-page" data-testid="page-security">
      <PageHeader title={t('identity.securityTitle')} fallback={PATHS.settings} />
      <List className="settings-list list-gap">
        <List.Item onClick={() => void navigate(PATHS.password)} description={t('identity.passwordHint')} data-testid="security-password">
          {t('identity.changePassword')}
        </List.Item>
        <List.Item onClick={() => void navigate(PATHS.bindEmail)} extra={u?.email_masked ?? t('identity.notBound')} data-testid="security-email">
          {u?.email ? t('identity.changeEmail') : t('identity.bindEmail')}
        </List.Item>
        <List.Item
          onClick={() => void navigate(PATHS.bindMobile)}
          extra={u?.mobile_masked ? `+${u.area_code ?? ''} ${u.mobile_masked}` : t('identity.notBound')}
          data-testid="security-mobile"
        >
          {u?.mobile ? t('identity.changeMobile') : t('identity.bindMobile')}
        </List.Item>
      </List>
    </div>
  );
}
