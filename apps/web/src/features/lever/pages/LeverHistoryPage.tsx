/** Closed positions, newest first, 10 per page with "no more data"; each opens its detail. */
import type { LeverPosition } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../../api/session';
import { InboxIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { LEVER_LIST, useLeverPositions } from '../api/lever';
import { ExitReason, LoginPrompt, Pnl, SideTag } from '../components/Figures';
import { formatInstant } from '../lib';
import { leverDetailPath, LEVER_PATHS } from '../paths';
import '../lever.css';
import '../positions.css';

function ClosedCard({ p }: { p: LeverPosition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pp = p.price_precision;
  return (
    <button
      type="button"
      className="lever-card lever-closed-card"
      onClick={() => void navigate(leverDetailPath(p.id))}
      data-testid={`lever-closed-${p.id}`}
    >
      <div className="lever-position-head">
        <SideTag side={p.side} leverage={p.leverage} />
        <span className="lever-position-symbol">{p.symbol}</span>
        <ExitReason reason={p.exit_reason} />
      </div>
      <div className="lever-closed-pnl">
        <span className="lever-k">
          {t('lever.pnl')} ({p.currency})
        </span>
        <span className="lever-big">
          <Pnl value={p.pnl} testId={`lever-closed-pnl-${p.id}`} />
        </span>
      </div>
      <dl className="lever-grid">
        <div>
          <dt>{t('lever.quantity')}</dt>
          <dd className="num">{p.qty}</dd>
        </div>
        <div>
          <dt>{t('lever.entryPrice')}</dt>
          <dd className="num">{formatPrice(p.entry_price, pp)}</dd>
        </div>
        <div>
          <dt>{t('lever.exitPrice')}</dt>
          <dd className="num">{formatPrice(p.exit_price, pp)}</dd>
        </div>
        <div className="lever-grid-wide">
          <dt>{t('lever.closedAt')}</dt>
          <dd className="num">{formatInstant(p.closed_at)}</dd>
        </div>
      </dl>
    </button>
  );
}

function ClosedList() {
  const { t } = useTranslation();
  const q = useLeverPositions(LEVER_LIST.closed, true);
  if (q.isPending) return <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />;
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
          title={t('lever.noHistory')}
          description={t('lever.noHistoryDesc')}
          testId="lever-history-empty"
        />
      ) : (
        <div className="lever-list" data-testid="lever-history-list">
          {items.map((p) => (
            <ClosedCard key={p.id} p={p} />
          ))}
          <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={q.hasNextPage}>
            {(hasMore: boolean, failed: boolean, retry: () => void) =>
              failed ? (
                <button type="button" className="lever-link" onClick={retry}>
                  {t('common.retry')}
                </button>
              ) : hasMore ? (
                <span>{t('common.loading')}</span>
              ) : (
                <span data-testid="lever-no-more">{t('lever.noMore')}</span>
              )
            }
          </InfiniteScroll>
        </div>
      )}
    </PullToRefresh>
  );
}

export default function LeverHistoryPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(useToken());
  return (
    <div className="page lever-page" data-testid="page-lever-history">
      <PageHeader title={t('lever.historyTitle')} fallback={LEVER_PATHS.trade} />
      {signedIn ? <ClosedList /> : <LoginPrompt />}
    </div>
  );
}
