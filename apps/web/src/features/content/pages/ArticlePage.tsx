/** /pages/common/article: the detail of one item (?id=), or the news list without an id. */
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { CompassIcon } from '../../../ui/icons';
import { useNewsDetail } from '../api/content';
import { ContentMeta } from '../components/ContentMeta';
import { RichText } from '../components/RichText';
import { ContentListView } from './ContentListPage';
import '../content.css';

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useNewsDetail(id);
  return (
    <div className="page content-page" data-testid="page-article">
      <PageHeader title={t('content.detail')} />
      {q.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />
      ) : q.isError ? (
        q.error && 'code' in q.error && q.error.code === 'content_not_found' ? (
          <StateView
            icon={<CompassIcon />}
            fullPage
            title={t('content.notFound')}
            testId="content-not-found"
          />
        ) : (
          <QueryError onRetry={() => void q.refetch()} />
        )
      ) : (
        <article className="content-article" data-testid="article" data-lang={q.data.lang}>
          <h1 className="content-article-title" data-testid="article-title">
            {q.data.title}
          </h1>
          <ContentMeta item={q.data} />
          {q.data.cover && <img className="content-article-cover" src={q.data.cover} alt="" />}
          <RichText html={q.data.body} testId="article-body" />
          {q.data.link && (
            <Button
              block
              color="primary"
              className="content-article-link"
              onClick={() => {
                if (/^https?:/i.test(q.data.link)) window.open(q.data.link, '_blank', 'noopener,noreferrer');
                else void navigate(q.data.link);
              }}
            >
              {t('content.open')}
            </Button>
          )}
        </article>
      )}
    </div>
  );
}

export default function ArticlePage() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (id === null) return <ContentListView which="article" />;
  return <Detail id={id} />;
}
