/** Invitations: code, link, QR code, copy, and the list of invited friends. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, InfiniteScroll, Toast } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { InviteList } from '@bourse/contract';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { useUserInfo } from '../../account/api/account';
import '../../auth/identity.css';

const PAGE = 10;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

export default function InvitePage() {
  const { t, i18n } = useTranslation();
  const u = useUserInfo().data;
  const link = u ? `${window.location.origin}${window.location.pathname}#${PATHS.register}?invite=${u.invite_code}` : '';
  const q = useInfiniteQuery({
    queryKey: ['identity', 'invites'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.post<InviteList>('/user/invite_list', { page: pageParam, limit: PAGE }, { signal, loading: false }),
    getNextPageParam: (last) => (last.page * PAGE < last.total ? last.page + 1 : undefined),
  });
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;
  const onCopy = async (text: string, done: string) => {
    if (await copy(text)) Toast.show({ icon: 'success', content: done });
  };

  return (
    <div className="page identity-page" data-testid="page-invite">
      <PageHeader title={t('identity.inviteTitle')} fallback={PATHS.settings} />
      <div className="invite-card">
        <p className="invite-lead">{t('identity.inviteLead')}</p>
        <div className="invite-qr" data-testid="invite-qr">{link && <QRCodeSVG value={link} size={160} marginSize={2} />}</div>
        <div className="invite-row">
          <span>{t('identity.inviteCode')}</span>
          <strong className="num" data-testid="invite-code">
            {u?.invite_code ?? ''}
          </strong>
          <Button size="mini" onClick={() => u && void onCopy(u.invite_code, t('identity.copied'))}>
            {t('identity.copy')}
          </Button>
        </div>
        <div className="invite-link num" data-testid="invite-link">
          {link}
        </div>
        <Button block color="primary" onClick={() => void onCopy(link, t('identity.linkCopied'))} data-testid="invite-copy-link">
          {t('identity.copyLink')}
        </Button>
      </div>
      <h3 className="section-title">
        {t('identity.invitedFriends')} <span className="num">({total})</span>
      </h3>
      {q.isError ? (
        <QueryError compact onRetry={() => void q.refetch()} />
      ) : (
        <div className="card-list">
          {items.map((i) => (
            <div key={i.uid} className="invitee-row" data-testid="invitee">
              <span>{i.account}</span>
              <span className="invitee-date">{new Date(i.created_at).toLocaleDateString(i18n.language)}</span>
            </div>
          ))}
          <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={Boolean(q.hasNextPage)}>
            {q.hasNextPage ? t('common.loading') : items.length > 0 ? t('identity.noMore') : t('identity.noInvitees')}
          </InfiniteScroll>
        </div>
      )}
    </div>
  );
}
