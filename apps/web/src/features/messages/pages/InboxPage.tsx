/** The message inbox (/pages/setting/message): unread count, tap to read (marks it read), mark all. */
import { Button, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxMessage } from '@bourse/contract';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { RelativeTime } from '../../../ui/RelativeTime';
import { StateView } from '../../../ui/StateView';
import { InboxIcon } from '../../../ui/icons';
import { useInbox, useMarkAllRead, useMarkRead } from '../api/messages';
import '../../content/content.css';

function Row({ message, onOpen, open }: { message: InboxMessage; onOpen: () => void; open: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={`message-row${message.read ? ' read' : ''}${open ? ' open' : ''}`}
      role="button"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onOpen();
      }}
      data-testid={`message-${message.id}`}
      data-read={message.read ? '1' : '0'}
    >
      <div className="message-head">
        {!message.read && <span className="message-dot" aria-label={t('messages.unreadLabel')} />}
        <span className="message-title">{message.title}</span>
        {message.broadcast && <span className="message-tag">{t('messages.broadcast')}</span>}
        <span className="message-time">
          <RelativeTime value={message.time} />
        </span>
      </div>
      <div className="message-body">{message.content}</div>
    </div>
  );
}

export default function InboxPage() {
  const { t } = useTranslation();
  const q = useInbox();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const [openId, setOpenId] = useState<string | null>(null);
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const unread = q.data?.pages[0]?.unread ?? 0;

  const open = (m: InboxMessage) => {
    setOpenId(openId === m.id ? null : m.id);
    if (!m.read) markRead.mutate(m.id);
  };

  return (
    <div className="page content-page" data-testid="page-messages">
      <PageHeader title={t('messages.title')} />
      {q.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated className="list-skeleton" />
      ) : q.isError ? (
        <QueryError onRetry={() => void q.refetch()} />
      ) : (
        <PullToRefresh
          onRefresh={async () => void (await q.refetch())}
          pullingText={t('pull.pulling')}
          canReleaseText={t('pull.canRelease')}
          refreshingText={t('pull.refreshing')}
          completeText={t('pull.complete')}
        >
          {items.length > 0 && (
            <div className="inbox-summary">
              <span data-testid="inbox-unread">
                {unread > 0 ? t('messages.unread', { count: unread }) : t('messages.allRead')}
              </span>
              {unread > 0 && (
                <Button
                  size="mini"
                  fill="none"
                  color="primary"
                  loading={markAll.isPending}
                  onClick={() => markAll.mutate()}
                  data-testid="mark-all-read"
                >
                  {t('messages.markAll')}
                </Button>
              )}
            </div>
          )}
          {items.length === 0 ? (
            <StateView icon={<InboxIcon />} fullPage title={t('messages.empty')} testId="messages-empty" />
          ) : (
            <div className="content-list" data-testid="messages-list">
              {items.map((m) => (
                <Row key={m.id} message={m} open={openId === m.id} onOpen={() => open(m)} />
              ))}
              <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={q.hasNextPage}>
                {(hasMore: boolean) =>
                  hasMore ? <span>{t('common.loading')}</span> : <span>{t('content.noMore')}</span>
                }
              </InfiniteScroll>
            </div>
          )}
        </PullToRefresh>
      )}
    </div>
  );
}
