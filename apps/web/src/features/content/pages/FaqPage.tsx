/** FAQ (/pages/common/common_problem): questions as an accordion, answers as sanitised rich text. */
import { CONTENT_CATEGORY } from '@bourse/contract';
import { Button, Collapse, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { HelpIcon } from '../../../ui/icons';
import { useServiceLink } from '../../home/api/site';
import { useNewsList } from '../api/content';
import { FallbackNote } from '../components/ContentMeta';
import { RichText } from '../components/RichText';
import '../content.css';

export default function FaqPage() {
  const { t, i18n } = useTranslation();
  const q = useNewsList(CONTENT_CATEGORY.faq, { withBody: true, limit: 20 });
  const service = useServiceLink();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page content-page" data-testid="page-content-faq">
      <PageHeader title={t('content.titles.faq')} />
      {q.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />
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
          {items.length === 0 ? (
            <StateView icon={<HelpIcon />} fullPage title={t('content.empty')} testId="content-empty" />
          ) : (
            <div className="faq" data-testid="faq">
              <Collapse accordion>
                {items.map((item) => (
                  <Collapse.Panel
                    key={String(item.id)}
                    title={<span data-testid={`faq-q-${item.id}`}>{item.title}</span>}
                  >
                    {item.lang !== i18n.language && <FallbackNote />}
                    <RichText html={item.body ?? ''} testId={`faq-a-${item.id}`} />
                  </Collapse.Panel>
                ))}
              </Collapse>
              <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={q.hasNextPage}>
                {(hasMore: boolean) =>
                  hasMore ? <span>{t('common.loading')}</span> : <span>{t('content.noMore')}</span>
                }
              </InfiniteScroll>
            </div>
          )}
          {service.available && (
            <div className="faq-help">
              <div className="faq-help-text">{t('content.stillNeedHelp')}</div>
              <Button
                color="primary"
                fill="outline"
                size="small"
                onClick={service.open}
                data-testid="faq-service"
              >
                {t('home.service')}
              </Button>
            </div>
          )}
        </PullToRefresh>
      )}
    </div>
  );
}
