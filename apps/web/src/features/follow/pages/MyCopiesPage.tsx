/**
 * The caller's copy trading (POST /follow/selfHolding): follows, active first, with their terms,
 * realised P&L, profit share paid and its high-water mark, copies placed and skipped, and Stop
 * copying (POST /follow/cancel after a confirmation: open copies close at the current price and
 * the profit share settles); then the copy log, latest first: a placed copy shows its position
 * (opening the leverage position's page), a skipped one why it was skipped.
 */
import type { CopyOrder, Follow } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { Button, Dialog, InfiniteScroll, PullToRefresh, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../../api/session';
import { formatAmount } from '../../../lib/format';
import { InboxIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { LoginPrompt, SideTag } from '../../lever/components/Figures';
import { formatInstant, fractionPercent } from '../../lever/lib';
import { leverDetailPath } from '../../lever/paths';
import { useSelfHolding, useStopFollow } from '../api/follow';
import { SignedUsdt, usdt } from '../components/Figures';
import { activeFirst, skipReasonKey, stopReasonKey } from '../lib';
import { FOLLOW_PATHS, traderPath } from '../paths';
import '../../lever/lever.css';
import '../../lever/positions.css';
import '../follow.css';

function FollowCard({ f }: { f: Follow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stop = useStopFollow();
  const active = f.status === 'active';
  const ask = () =>
    void Dialog.confirm({
      title: t('follow.stopTitle', { nickname: f.trader_nickname }),
      content: t('follow.stopDesc'),
      confirmText: t('follow.stop'),
      cancelText: t('common.cancel'),
      onConfirm: () =>
        stop.mutateAsync({ trader_user_id: f.trader_user_id }).then(() => {
          Toast.show({ icon: 'success', content: t('follow.stopped') });
        }),
    });
  const terms: Array<[string, string]> = [
    [
      t('follow.terms'),
      f.mode === 'amount'
        ? t('follow.termsAmount', { number: usdt(f.number) })
        : t('follow.termsRatio', { number: f.number }),
    ],
    [t('follow.form.max'), usdt(f.max_per_copy)],
    [t('follow.stopLossShort'), f.stop_loss ? `${usdt(f.stop_loss)} USDT` : t('follow.none')],
    [t('follow.shareRate'), fractionPercent(f.share_rate)],
    [t('follow.copiesSkipped'), `${f.copies} / ${f.skipped}`],
    [t('follow.startedAt'), formatInstant(f.started_at)],
  ];
  if (!active) {
    terms.push([t('follow.stoppedAt'), formatInstant(f.stopped_at)]);
    terms.push([t('follow.stopReasonLabel'), t(stopReasonKey(f.stop_reason))]);
  }
  return (
    <article
      className={`follow-section follow-follow${active ? '' : ' follow-follow-stopped'}`}
      data-testid={`follow-follow-${f.id}`}
    >
      <header className="follow-follow-head">
        <button
          type="button"
          className="follow-name"
          onClick={() => void navigate(traderPath(f.trader_user_id))}
        >
          {f.trader_nickname} ›
        </button>
        <span className={`follow-status follow-status-${f.status}`}>{t(`follow.status.${f.status}`)}</span>
      </header>
      <div className="follow-card-main follow-follow-money">
        <div>
          <div className="follow-k">{t('follow.realized')}</div>
          <div className="follow-pnl">
            <SignedUsdt value={f.realized} testId={`follow-realized-${f.trader_user_id}`} />
          </div>
        </div>
        <div className="follow-right">
          <div className="follow-k">{t('follow.shared')}</div>
          <div className="num">{usdt(f.shared)} USDT</div>
          <div className="follow-k">
            {t('follow.hwm')} <span className="num">{usdt(f.high_water_mark)} USDT</span>
          </div>
        </div>
      </div>
      <dl className="follow-stats follow-stats-3">
        {terms.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      {active && (
        <Button
          block
          size="small"
          color="danger"
          fill="outline"
          loading={stop.isPending}
          onClick={ask}
          data-testid={`follow-stop-${f.trader_user_id}`}
        >
          {t('follow.stop')}
        </Button>
      )}
    </article>
  );
}

function CopyRow({ c, trader }: { c: CopyOrder; trader: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const p = c.position;
  const head = (
    <div className="follow-trade-head">
      <SideTag side={c.side} leverage={p?.leverage} />
      <span className="follow-trade-symbol">{c.symbol}</span>
      <span className={`follow-copy-status follow-copy-${c.status}`}>
        {t(`follow.copyStatus.${c.status}`)}
      </span>
      {trader && <div className="follow-copy-of">{t('follow.copyOf', { nickname: trader })}</div>}
    </div>
  );
  if (c.status === 'placed' && p) {
    return (
      <button
        type="button"
        className="follow-trade follow-copy"
        onClick={() => void navigate(leverDetailPath(p.id))}
        data-testid={`follow-copy-${c.id}`}
      >
        {head}
        <div className="follow-trade-line">
          <span>
            {t('follow.qty')} <span className="num">{p.qty}</span>
          </span>
          <span>
            {t('follow.entry')} <span className="num">{formatPrice(p.entry_price, p.price_precision)}</span>
          </span>
        </div>
        <div className="follow-trade-line">
          <span>
            {t('follow.margin')}{' '}
            <span className="num">
              {formatAmount(p.margin, p.decimals)} {p.currency}
            </span>
          </span>
          {p.status === 'open' ? (
            <span>
              {t('follow.upnl')} <SignedUsdt value={p.upnl} />
            </span>
          ) : (
            <span>
              {t('follow.pnl')} <SignedUsdt value={p.pnl} />
            </span>
          )}
        </div>
        <div className="follow-trade-line follow-muted">
          <span>{p.status === 'open' ? t('follow.positionOpen') : t('follow.positionClosed')}</span>
          <span className="num">{formatInstant(c.created_at)} ›</span>
        </div>
      </button>
    );
  }
  return (
    <div className="follow-trade follow-copy" data-testid={`follow-copy-${c.id}`}>
      {head}
      <div className="follow-skip" data-testid={`follow-skip-${c.id}`}>
        {t(skipReasonKey(c.reason))}
      </div>
      <div className="follow-trade-line follow-muted">
        <span />
        <span className="num">{formatInstant(c.created_at)}</span>
      </div>
    </div>
  );
}

function Mine() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useSelfHolding(true);
  if (q.isPending) return <Skeleton.Paragraph lineCount={10} animated className="list-skeleton" />;
  if (q.isError && !q.data) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const follows = activeFirst(q.data.pages[0]?.follows ?? []);
  const copies = q.data.pages.flatMap((p) => p.copies);
  const names = new Map(follows.map((f) => [f.id, f.trader_nickname]));
  if (follows.length === 0) {
    return (
      <StateView
        icon={<InboxIcon />}
        title={t('follow.mineEmpty')}
        description={t('follow.mineEmptyDesc')}
        testId="follow-mine-empty"
      >
        <Button size="small" color="primary" onClick={() => void navigate(FOLLOW_PATHS.list)}>
          {t('follow.browse')}
        </Button>
      </StateView>
    );
  }
  return (
    <PullToRefresh
      onRefresh={async () => void (await q.refetch())}
      pullingText={t('pull.pulling')}
      canReleaseText={t('pull.canRelease')}
      refreshingText={t('pull.refreshing')}
      completeText={t('pull.complete')}
    >
      <div className="follow-list" data-testid="follow-mine">
        {follows.map((f) => (
          <FollowCard key={f.id} f={f} />
        ))}
        <section className="follow-section" data-testid="follow-copies">
          <h2 className="follow-h2">{t('follow.copyLog')}</h2>
          <p className="follow-note">{t('follow.copyLogNote')}</p>
          {copies.length === 0 ? (
            <p className="follow-muted">{t('follow.noCopies')}</p>
          ) : (
            <>
              {copies.map((c) => (
                <CopyRow key={c.id} c={c} trader={names.get(c.follow_id)} />
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
                    <span>{t('follow.noMore')}</span>
                  )
                }
              </InfiniteScroll>
            </>
          )}
        </section>
      </div>
    </PullToRefresh>
  );
}

export default function MyCopiesPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(useToken());
  return (
    <div className="page follow-page" data-testid="page-follow-mine">
      <PageHeader title={t('follow.mineTitle')} fallback={FOLLOW_PATHS.list} />
      {signedIn ? <Mine /> : <LoginPrompt title={t('follow.loginTitle')} />}
    </div>
  );
}
