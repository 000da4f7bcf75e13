/** Account centre: avatar, nickname, UID, e-mail / mobile, verification status. */
import { useQueryClient } from '@tanstack/react-query';
import { Button, List, Tag, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { QueryError } from '../../../ui/QueryError';
import { DelayedLoading } from '../../../ui/DelayedLoading';
import { PageHeader } from '../../../ui/PageHeader';
import { UserIcon } from '../../../ui/icons';
import { setAvatar, setNickname, uploadImage, useUserInfo } from '../api/account';
import { AuthImage } from '../components/AuthImage';
import { KycStatusTag } from '../components/KycStatusTag';
import { NicknameDialog } from '../components/NicknameDialog';
import '../../auth/identity.css';

export default function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const info = useUserInfo();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [editingNickname, setEditingNickname] = useState(false);

  const refresh = () => qc.invalidateQueries({ queryKey: ['identity'] });

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const ref = await uploadImage(file);
      await setAvatar(ref);
      Toast.show({ icon: 'success', content: t('identity.saved') });
      await refresh();
    } catch {
      // refused uploads are reported by the upload call
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const saveNickname = async (nickname: string) => {
    await setNickname(nickname);
    Toast.show({ icon: 'success', content: t('identity.saved') });
    await refresh();
  };

  if (info.isError) return <QueryError onRetry={() => void info.refetch()} />;
  const u = info.data;
  return (
    <div className="page identity-page" data-testid="page-account">
      <PageHeader title={t('identity.accountTitle')} fallback={PATHS.settings} />
      {!u ? (
        <DelayedLoading />
      ) : (
        <>
          <div className="account-hero">
            <button type="button" className="avatar-button" onClick={() => fileRef.current?.click()} disabled={uploading} aria-label={t('identity.changeAvatar')} data-testid="avatar-button">
              {u.head_portrait ? <AuthImage src={u.head_portrait} alt="" className="avatar-img" testId="avatar-img" /> : <UserIcon />}
              <span className="avatar-edit">{uploading ? '…' : t('identity.change')}</span>
            </button>
            <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={(e) => void onPick(e.target.files?.[0])} data-testid="avatar-file" />
            <div className="account-name" data-testid="account-nickname">
              {u.nickname}
            </div>
            <div className="account-uid num">UID {u.uid}</div>
            {u.is_demo && <Tag color="warning">{t('settings.demoUser')}</Tag>}
          </div>
          <List className="settings-list">
            <List.Item onClick={() => setEditingNickname(true)} extra={u.nickname} data-testid="edit-nickname">
              {t('identity.nickname')}
            </List.Item>
            <List.Item extra={<span className="num">{u.uid}</span>} arrowIcon={false}>
              UID
            </List.Item>
            <List.Item extra={u.email_masked ?? t('identity.notBound')} onClick={() => void navigate(PATHS.security)}>
              {t('identity.email')}
            </List.Item>
            <List.Item extra={u.mobile_masked ? `+${u.area_code ?? ''} ${u.mobile_masked}` : t('identity.notBound')} onClick={() => void navigate(PATHS.security)}>
              {t('identity.mobile')}
            </List.Item>
            {u.wallet_address && (
              <List.Item extra={<span className="num mono-short">{u.wallet_address.slice(0, 6) + '…' + u.wallet_address.slice(-4)}</span>} arrowIcon={false}>
                {t('identity.wallet')}
              </List.Item>
            )}
            <List.Item extra={<KycStatusTag status={u.real_status} />} onClick={() => void navigate(PATHS.kyc)} data-testid="account-kyc">
              {t('identity.kycTitle')}
            </List.Item>
            <List.Item extra={<span className="num">{u.invite_code}</span>} onClick={() => void navigate(PATHS.invite)}>
              {t('identity.inviteCode')}
            </List.Item>
          </List>
          <div className="settings-actions">
            <Button block fill="outline" onClick={() => void navigate(PATHS.security)}>
              {t('identity.securityTitle')}
            </Button>
          </div>
          <NicknameDialog visible={editingNickname} initial={u.nickname} onClose={() => setEditingNickname(false)} onSave={saveNickname} />
        </>
      )}
    </div>
  );
}
