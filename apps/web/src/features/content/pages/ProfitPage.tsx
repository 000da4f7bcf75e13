/**
 * /pages/common/profit, "Profit statistics" at the foot of Home: the platform's savings figures as
 * counted from its own records (income actually paid to savers, savers and orders active now;
 * GET /mining), the way to the reader's own statistics (/pages/mining/profit, after logging in),
 * and whatever the operators publish in the profit category. Never a made-up figure: with nothing
 * paid out yet it says so.
 */
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { useCentre } from '../../savings/api/savings';
import { amountText } from '../../savings/components/shared';
import { useNewsList } from '../api/content';
import { ContentMeta } from '../components/ContentMeta';
import { RichText } from '../components/RichText';
import { PAGE_CATEGORIES } from '../paths';
import '../content.css';

function PlatformFigures() {
  const { t } = useTranslation();
  const token = useToken();
  const centre = useCentre(token);
  if (centre.isPending) return <Skeleton.Paragraph lineCount={4} animated className="list-skeleton" />;
  if (centre.isError) return <QueryError compact onRetry={() => void centre.refetch()} />;
  const p = centre.data.platform;
  // Exact: an amount is paid when any digit of its decimal string is not zero.
  const paid = p.total_output.filter((o) => /[1-9]/.test(o.amount));
  return (
    <section className="profit-card" data-testid="profit-platform">
      <h2 className="profit-card-title">{t('content.profitPlatform')}</h2>
      <p className="profit-note">{t('content.profitPlatformNote')}</p>
      <dl className="profit-figures">
        <div className="profit-figure profit-figure-wide">
          <dt>{t('content.profitIncomePaid')}</dt>
          <dd className="num" data-testid="profit-income-paid">
            {paid.length === 0 ? (
              <span className="profit-none">{t('content.profitNoneYet')}</span>
            ) : (
              paid.map((o) => (
                <span key={o.currency_id} className="profit-amount">
                  {amountText(o.amount, 6)} {o.currency}
                </span>
              ))
            )}
          </dd>
        </div>
        <div className="profit-figure">
          <dt>{t('savings.participants')}</dt>
          <dd className="num" data-testid="profit-participants">
            {p.participants}
          </dd>
        </div>
        <div className="profit-figure">
          <dt>{t('savings.validNodes')}</dt>
          <dd className="num" data-testid="profit-active">
            {p.valid_nodes}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default function ProfitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const articles = useNewsList(PAGE_CATEGORIES.profit, { withBody: true, limit: 20 });
  const items = articles.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page content-page" data-testid="page-content-profit">
      <PageHeader title={t('content.titles.profit')} />
      <PlatformFigures />
      <section className="profit-card" data-testid="profit-mine">
        <h2 className="profit-card-title">{t('savings.profit.title')}</h2>
        <p className="profit-note">{token ? t('content.profitMineHint') : t('content.profitMineLogin')}</p>
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => void navigate(token ? PATHS.savingsProfit : PATHS.login)}
          data-testid="profit-mine-open"
        >
          {token ? t('content.profitMineOpen') : t('common.logIn')}
        </Button>
      </section>
      {articles.isError ? (
        <QueryError compact onRetry={() => void articles.refetch()} />
      ) : (
        items.map((item) => (
          <article key={item.id} className="content-article" data-testid="article" data-lang={item.lang}>
            <h2 className="content-article-title">{item.title}</h2>
            <ContentMeta item={item} />
            {item.cover && <img className="content-article-cover" src={item.cover} alt="" />}
            <RichText html={item.body ?? ''} testId="article-body" />
          </article>
        ))
      )}
    </div>
  );
}
