/** A paginated list of one category: pull-to-refresh, infinite loading, "no more data". */
import { InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContentItem } from '@bourse/contract';
import { InboxIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { useNewsList } from '../api/content';
import { articlePath } from '../paths';
import { ContentMeta } from './ContentMeta';

function Row({ item }: { item: ContentItem }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="content-row"
      onClick={() => void navigate(articlePath(item.id))}
      data-testid={`content-item-${item.id}`}
    >
      <div className="content-row-text">
        <div className="content-row-title">{item.title}</div>
        {item.summary && <div className="content-row-summary">{item.summary}</div>}
        <ContentMeta item={item} />
      </div>
      {item.cover && <img className="content-row-cover" src={item.cover} alt="" loading="lazy" />}
    </button>
  );
}

export function ContentList({ cId }: { cId: number }) {
  const { t } = useTranslation();
  const q = useNewsList(cId);
  const pull = {
    pullingText: t('pull.pulling'),
    canReleaseText: t('pull.canRelease'),
    refreshingText: t('pull.refreshing'),
    completeText: t('pull.complete'),
  };
  if (q.isPending) return <Skeleton.Paragraph lineCount={6} animated className="list-skeleton" />;
  if (q.isError) return <QueryError onRetry={() => void q.refetch()} />;
  const items = q.data.pages.flatMap((p) => p.list);
  return (
    <PullToRefresh onRefresh={async () => void (await q.refetch())} {...pull}>
      {items.length === 0 ? (
        <StateView
          icon={<InboxIcon />}
          title={t('content.empty')}
          description={t('content.emptyDesc')}
          fullPage
          testId="content-empty"
        />
      ) : (
        <div className="content-list" data-testid="content-list">
          {items.map((item) => (
            <Row key={item.id} item={item} />
          ))}
          <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={q.hasNextPage}>
            {(hasMore: boolean, failed: boolean, retry: () => void) =>
              failed ? (
                <button type="button" className="link-button" onClick={retry}>
                  {t('common.retry')}
                </button>
              ) : hasMore ? (
                <span>{t('common.loading')}</span>
              ) : (
                <span data-testid="no-more">{t('content.noMore')}</span>
              )
            }
          </InfiniteScroll>
        </div>
      )}
    </PullToRefresh>
  );
}
