/**
 * One lead trader (GET /follow/traderDetail?trader_user_id&period): statistics of the chosen
 * period, the NAV-per-unit curve, how each figure is computed, the closed positions
 * (GET /follow/historyTrade, page by page) and Follow.
 */
import type { LeverPosition } from '@bourse/contract';
import { formatPrice } from '@bourse/money';
import { Button, Skeleton } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatAmount } from '../../../lib/format';
import { InboxIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { ExitReason, SideTag } from '../../lever/components/Figures';
import { formatInstant, fractionPercent } from '../../lever/lib';
import { useTraderDetail, useTraderTrades } from '../api/follow';
import { Avatar, PeriodSwitch, Roi, SignedUsdt, StatsGrid } from '../components/Figures';
import { FollowButton } from '../components/FollowButton';
import { FollowSheet } from '../components/FollowSheet';
import { HowComputed } from '../components/HowComputed';
import { NavChart } from '../components/NavChart';
import { parsePeriod, parseTraderId } from '../lib';
import { FOLLOW_PATHS } from '../paths';
import '../../lever/lever.css';
import '../../lever/positions.css';
import '../follow.css';

function ClosedPosition({ p }: { p: LeverPosition }) {
  const { t } = useTranslation();
  const pp = p.price_precision;
  return (
    <div className="follow-trade" data-testid={`follow-trade-${p.id}`}>
      <div className="follow-trade-head">
        <SideTag side={p.side} leverage={p.leverage} />
        <span className="follow-trade-symbol">{p.symbol}</span>
        <ExitReason reason={p.exit_reason} />
        <span className="follow-trade-pnl">
          <SignedUsdt value={p.pnl} />
        </span>
      </div>
      <div className="follow-trade-line num">
        {formatPrice(p.entry_price, pp)} → {p.exit_price ? formatPrice(p.exit_price, pp) : '--'}
        <span>{formatInstant(p.closed_at)}</span>
      </div>
      <div className="follow-trade-line">
        <span>
          {t('follow.qty')} <span className="num">{p.qty}</span>
        </span>
        <span>
          {t('follow.margin')}{' '}
          <span className="num">
            {formatAmount(p.margin, p.decimals)} {p.currency}
          </span>
        </span>
      </div>
    </div>
  );
}

function Trades({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useTraderTrades(id);
  let body: ReactNode;
  if (q.isPending) body = <Skeleton.Paragraph lineCount={5} animated />;
  else if (q.isError && !q.data)
    body = <QueryError compact error={q.error} onRetry={() => void q.refetch()} />;
  else {
    const items = q.data.pages.flatMap((p) => p.list);
    body =
      items.length === 0 ? (
        <p className="follow-muted" data-testid="follow-trades-empty">
          {t('follow.noTrades')}
        </p>
      ) : (
        <>
          {items.map((p) => (
            <ClosedPosition key={p.id} p={p} />
          ))}
          {q.hasNextPage ? (
            <Button
              block
              size="small"
              fill="none"
              loading={q.isFetchingNextPage}
              onClick={() => void q.fetchNextPage()}
              data-testid="follow-trades-more"
            >
              {t('follow.loadMore')}
            </Button>
          ) : (
            <p className="follow-muted follow-center">{t('follow.noMore')}</p>
          )}
        </>
      );
  }
  return (
    <section className="follow-section" data-testid="follow-trades">
      <h2 className="follow-h2">{t('follow.closedPositions')}</h2>
      {body}
    </section>
  );
}

export default function TraderDetailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = parseTraderId(params.get('id'));
  const period = parsePeriod(params.get('period'));
  const q = useTraderDetail(id, period);
  const [sheet, setSheet] = useState(false);
  const header = <PageHeader title={t('follow.traderTitle')} fallback={FOLLOW_PATHS.list} />;

  let body: ReactNode;
  if (id === null)
    body = <StateView icon={<InboxIcon />} title={t('follow.notFound')} testId="follow-trader-missing" />;
  else if (q.isPending) body = <Skeleton.Paragraph lineCount={12} animated className="list-skeleton" />;
  else if (q.isError) body = <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    const d = q.data;
    body = (
      <>
        <section className="follow-section" data-testid="follow-trader">
          <div className="follow-card-head">
            <Avatar nickname={d.nickname} src={d.avatar} size="lg" />
            <div className="follow-card-who">
              <div className="follow-name follow-name-lg">{d.nickname}</div>
              <div className="follow-sub">
                {t('follow.since', { date: formatInstant(d.since).slice(0, 10) })}
              </div>
            </div>
          </div>
          {d.bio && <p className="follow-bio">{d.bio}</p>}
          <div className="follow-terms">
            <span>
              {t('follow.shareRate')} <b className="num">{fractionPercent(d.share_rate)}</b>
            </span>
          </div>
        </section>
        <section className="follow-section">
          <PeriodSwitch
            value={period}
            onChange={(p) =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  next.set('period', String(p));
                  return next;
                },
                { replace: true },
              )
            }
          />
          <div className="follow-card-main">
            <div>
              <div className="follow-k">{t('follow.roiOf', { n: period })}</div>
              <div className="follow-roi">
                <Roi value={d.stats.roi} testId="follow-detail-roi" />
              </div>
            </div>
            <div className="follow-right">
              <div className="follow-k">{t('follow.pnlUsdt')}</div>
              <div className="follow-pnl">
                <SignedUsdt value={d.stats.pnl} testId="follow-detail-pnl" />
              </div>
            </div>
          </div>
          <StatsGrid stats={d.stats} full openPositions={d.open_positions} />
          <h2 className="follow-h2 follow-h2-gap">{t('follow.navTitle')}</h2>
          <NavChart nav={d.nav} />
          <p className="follow-note">{t('follow.navNote')}</p>
        </section>
        <HowComputed />
        <Trades id={d.trader_user_id} />
        <div className="follow-bottom">
          <FollowButton
            traderUserId={d.trader_user_id}
            following={d.following}
            onFollow={() => setSheet(true)}
            block
            size="large"
          />
        </div>
        {sheet && <FollowSheet trader={d} onClose={() => setSheet(false)} />}
      </>
    );
  }
  return (
    <div className="page follow-page" data-testid="page-follow-trader">
      {header}
      {body}
    </div>
  );
}
