/**
 * Lead traders (GET /follow/index): a period (7, 30, 90 days) and a sort (ROI, P&L, drawdown,
 * win rate, AUM, copiers) kept in the URL, cards page by page with "no more data"; signed out too
 * (Follow then asks to log in). Links to the caller's copies and to becoming a lead trader.
 */
import type { Trader } from '@bourse/contract';
import { InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { InboxIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { useTraders, type FollowPeriod, type FollowSort } from '../api/follow';
import { PeriodSwitch } from '../components/Figures';
import { FollowSheet } from '../components/FollowSheet';
import { TraderCard } from '../components/TraderCard';
import { parsePeriod, parseSort, SORTS } from '../lib';
import { FOLLOW_PATHS } from '../paths';
import '../../lever/lever.css';
import '../../lever/positions.css';
import '../follow.css';

function TraderList({ period, sort }: { period: FollowPeriod; sort: FollowSort }) {
  const { t } = useTranslation();
  const q = useTraders(period, sort);
  const [sheet, setSheet] = useState<Trader | null>(null);
  if (q.isPending) return <Skeleton.Paragraph lineCount={10} animated className="list-skeleton" />;
  if (q.isError && !q.data) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const items = q.data.pages.flatMap((p) => p.list);
  return (
    <PullToRefresh
      onRefresh={async () => void (await q.refetch())}
      pullingText={t('pull.pulling')}
      canReleaseText={t('pull.canRelease')}
      refreshingText={t('pull.refreshing')}
      completeText={t('pull.complete')}
    >
      {items.length === 0 ? (
        <StateView
          icon={<InboxIcon />}
          title={t('follow.empty')}
          description={t('follow.emptyDesc')}
          testId="follow-empty"
        />
      ) : (
        <div className="follow-list" data-testid="follow-list">
          {items.map((tr) => (
            <TraderCard key={tr.trader_user_id} trader={tr} period={period} onFollow={setSheet} />
          ))}
          <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={q.hasNextPage}>
            {(hasMore: boolean, failed: boolean, retry: () => void) =>
              failed ? (
                <button type="button" className="follow-link" onClick={retry}>
                  {t('common.retry')}
                </button>
              ) : hasMore ? (
                <span>{t('common.loading')}</span>
              ) : (
                <span data-testid="follow-no-more">{t('follow.noMore')}</span>
              )
            }
          </InfiniteScroll>
        </div>
      )}
      {sheet && <FollowSheet trader={sheet} onClose={() => setSheet(null)} />}
    </PullToRefresh>
  );
}

export default function TraderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = Boolean(useToken());
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get('period'));
  const sort = parseSort(params.get('sort'));
  const update = (patch: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) next.set(k, v);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="page follow-page" data-testid="page-follow-list">
      <PageHeader
        title={t('follow.title')}
        fallback={PATHS.home}
        right={
          signedIn ? (
            <button
              type="button"
              className="follow-link"
              onClick={() => void navigate(FOLLOW_PATHS.mine)}
              data-testid="follow-to-mine"
            >
              {t('follow.mine')}
            </button>
          ) : undefined
        }
      />
      <div className="follow-toolbar">
        <PeriodSwitch value={period} onChange={(p) => update({ period: String(p) })} />
        <div className="follow-sorts" role="radiogroup" aria-label={t('follow.sortBy')}>
          {SORTS.map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={sort === s}
              className={`follow-sort${sort === s ? ' follow-sort-on' : ''}`}
              onClick={() => update({ sort: s })}
              data-testid={`follow-sort-${s}`}
            >
              {t(`follow.sort.${s}`)}
            </button>
          ))}
        </div>
      </div>
      <TraderList period={period} sort={sort} />
      <button
        type="button"
        className="follow-lead-link"
        onClick={() => void navigate(FOLLOW_PATHS.lead)}
        data-testid="follow-to-lead"
      >
        {t('follow.becomeLead')} ›
      </button>
    </div>
  );
}
