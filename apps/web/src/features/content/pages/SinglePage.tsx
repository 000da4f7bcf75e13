/** Single content pages: about us, profit statistics, white paper, terms, privacy, contact us. */
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { InboxIcon } from '../../../ui/icons';
import { useNewsList } from '../api/content';
import { ContentMeta } from '../components/ContentMeta';
import { RichText } from '../components/RichText';
import { PAGE_CATEGORIES } from '../paths';
import '../content.css';

export type PageKind = keyof typeof PAGE_CATEGORIES;

export default function SinglePage({ which }: { which: PageKind }) {
  const { t } = useTranslation();
  const q = useNewsList(PAGE_CATEGORIES[which], { withBody: true, limit: 20 });
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page content-page" data-testid={`page-content-${which}`}>
      <PageHeader title={t(`content.titles.${which}`)} />
      {q.isPending ? (
        <Skeleton.Paragraph lineCount={10} animated className="list-skeleton" />
      ) : q.isError ? (
        <QueryError onRetry={() => void q.refetch()} />
      ) : items.length === 0 ? (
        <StateView
          icon={<InboxIcon />}
          fullPage
          title={t('content.empty')}
          description={t('content.emptyDesc')}
          testId="content-empty"
        />
      ) : (
        items.map((item) => (
          <article key={item.id} className="content-article" data-testid="article" data-lang={item.lang}>
            <h1 className="content-article-title">{item.title}</h1>
            <ContentMeta item={item} />
            {item.cover && <img className="content-article-cover" src={item.cover} alt="" />}
            <RichText html={item.body ?? ''} testId="article-body" />
          </article>
        ))
      )}
    </div>
  );
}
