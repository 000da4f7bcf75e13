/** /pages/mining/record: subscriptions by state (currently saving, matured, redeemed) and daily income, 20 per page; early redemption sheet. */
import type { SavingsIncome, SavingsRedeemQuote } from '@bourse/contract';
import { Button, InfiniteScroll, Popup, Tabs, Toast } from 'antd-mobile';
import { useQueryClient, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { formatDeduction } from '../../../lib/format';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { SavingsIcon } from '../../../ui/icons';
import { fetchQuote, redeemEarly, useIncomes, useOrders, type Order } from '../api/savings';
import { amountText, dateText, dateTimeText, KindTag, percent, rateText } from '../components/shared';
import '../savings.css';

const TABS = ['active', 'matured', 'redeemed', 'income'] as const;
type Tab = (typeof TABS)[number];

type Paged<T> = UseInfiniteQueryResult<InfiniteData<{ list: T[]; total: number; page: number; limit: number }>>;

function PagedList<T>({ q, render, empty }: { q: Paged<T>; render: (item: T) => ReactNode; empty: string }) {
  const { t } = useTranslation();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  if (q.isError) return <QueryError onRetry={() => void q.refetch()} />;
  if (q.isSuccess && items.length === 0) return <StateView icon={<SavingsIcon />} title={empty} testId="savings-records-empty" />;
  return (
    <div className="savings-list" data-testid="savings-record-list">
      {items.map(render)}
      <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={q.isPending || Boolean(q.hasNextPage)}>
        {q.isPending || q.isFetchingNextPage || q.hasNextPage ? <span>{t('common.loading')}</span> : <span data-testid="no-more">{t('savings.noMore')}</span>}
      </InfiniteScroll>
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="savings-row">
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

function OrderCard({ o, onRedeem }: { o: Order; onRedeem: (o: Order) => void }) {
  const { t } = useTranslation();
  const d = o.currency.decimals;
  const c = o.currency.name;
  // A prepaid lease (refund_principal false): the amount is a fee; at maturity it ends, nothing returns.
  const lease = !o.refund_principal;
  const statusText =
    o.status === 'active' ? t(`savings.activeAs.${o.kind}`) : lease && o.status === 'matured' ? t('savings.leaseEnded') : t(`savings.status.${o.status}`);
  return (
    <div className="savings-card" data-testid={`savings-order-${o.id}`} data-status={o.status}>
      <div className="savings-card-head">
        <div className="savings-card-title">
          <div className="savings-card-name">{o.name}</div>
          <div className="savings-card-tags">
            <KindTag kind={o.kind} />
            <span className={`savings-order-status savings-order-${o.status}`} data-testid="order-status">
              {statusText}
            </span>
          </div>
        </div>
      </div>
      <Row label={lease ? t('savings.leaseFee') : t(`savings.principalAs.${o.kind}`)} value={`${amountText(o.principal, d)} ${c}`} testId="order-principal" />
      {o.payout === 'compound' && <Row label={t('savings.balance')} value={`${amountText(o.balance, d)} ${c}`} />}
      <Row label={t(`savings.incomeAs.${o.kind}`)} value={<span className="savings-income">{`${amountText(o.income, d)} ${c}`}</span>} testId="order-income" />
      <Row label={t('savings.dailyRate')} value={rateText(o)} />
      <Row label={t('savings.progress')} value={t('savings.daysOf', { paid: o.days_paid, term: o.term_days })} testId="order-days" />
      <Row label={t('savings.storageTime')} value={dateTimeText(o.storage_time)} />
      <Row label={t('savings.valueDate')} value={dateText(o.start_time)} />
      <Row label={t('savings.maturityDate')} value={dateText(o.expiry_time)} />
      {o.status === 'redeemed' && (
        <>
          <Row label={t('savings.penalty')} value={`${amountText(o.penalty, d)} ${c}`} testId="order-penalty" />
          {o.forfeited !== '0' && <Row label={t('savings.forfeited')} value={`${amountText(o.forfeited, d)} ${c}`} />}
          <Row label={t('savings.refund')} value={`${amountText(o.refund, d)} ${c}`} testId="order-refund" />
        </>
      )}
      {o.status === 'matured' && !lease && <Row label={t('savings.returned')} value={`${amountText(o.refund, d)} ${c}`} />}
      {o.closed_at && <Row label={t('savings.closedAt')} value={dateTimeText(o.closed_at)} />}
      {o.status === 'active' && o.early_redeem && (
        <Button size="small" block onClick={() => onRedeem(o)} data-testid={`redeem-${o.id}`}>
          {t('savings.redeemEarly')}
        </Button>
      )}
    </div>
  );
}

function IncomeRow({ r }: { r: SavingsIncome }) {
  const { t } = useTranslation();
  return (
    <div className="savings-card" data-testid="savings-income-row">
      <div className="savings-row">
        <span>{r.name}</span>
        <span className="savings-income">
          +{amountText(r.amount, 8)} {r.currency}
        </span>
      </div>
      <div className="savings-row">
        <span>{r.date}</span>
        <span>
          {t('savings.dailyRate')} {percent(r.rate)}
        </span>
      </div>
    </div>
  );
}

/** The early-redemption sheet: the same figures the server will use, confirmed with the refund shown. */
function RedeemSheet({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [quote, setQuote] = useState<SavingsRedeemQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  if (order && loadedFor !== order.id) {
    setLoadedFor(order.id);
    setQuote(null);
    fetchQuote(order.id).then(setQuote, () => onClose());
  }
  const d = order?.currency.decimals ?? 8;
  const c = order?.currency.name ?? '';
  const confirm = async () => {
    if (!order || !quote) return;
    setBusy(true);
    try {
      await redeemEarly(order.id, quote.refund);
      Toast.show({ icon: 'success', content: t('savings.redeemSuccess') });
      await qc.invalidateQueries({ queryKey: ['savings'] });
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'savings_quote_changed') setQuote(await fetchQuote(order.id));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible={order !== null} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="savings-sheet" data-testid="redeem-sheet">
        <h3>{t('savings.redeemTitle')}</h3>
        {quote ? (
          <>
            <div className="savings-sheet-name">{order?.name}</div>
            <Row label={t(`savings.principalAs.${order?.kind ?? 'savings'}`)} value={`${amountText(quote.principal, d)} ${c}`} testId="quote-principal" />
            {/* Compounding: the pool releases principal plus compounded income, so show what the deductions start from. */}
            {quote.balance !== quote.principal && <Row label={t('savings.balance')} value={`${amountText(quote.balance, d)} ${c}`} testId="quote-balance" />}
            <Row label={t('savings.penaltyWithRate', { rate: percent(quote.penalty_rate) })} value={`${formatDeduction(quote.penalty, d)} ${c}`} testId="quote-penalty" />
            {quote.forfeit_income && <Row label={t('savings.forfeited')} value={`${formatDeduction(quote.forfeited, d)} ${c}`} testId="quote-forfeited" />}
            <Row label={t('savings.refund')} value={<strong>{`${amountText(quote.refund, d)} ${c}`}</strong>} testId="quote-refund" />
            <div className="savings-terms">{t('savings.redeemNote')}</div>
            <Button block color="danger" loading={busy} onClick={() => void confirm()} data-testid="redeem-confirm">
              {t('savings.redeemConfirm')}
            </Button>
            <Button block fill="none" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </>
        ) : (
          <span>{t('common.loading')}</span>
        )}
      </div>
    </Popup>
  );
}

export default function RecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'active';
  const [redeeming, setRedeeming] = useState<Order | null>(null);
  const active = useOrders('active', tab === 'active');
  const matured = useOrders('matured', tab === 'matured');
  const redeemed = useOrders('redeemed', tab === 'redeemed');
  const incomes = useIncomes(tab === 'income');
  const card = (o: Order) => <OrderCard key={o.id} o={o} onRedeem={setRedeeming} />;
  return (
    <div className="page savings-page" data-testid="page-savings-record">
      <PageHeader title={t('savings.records')} fallback={PATHS.savings} />
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} style={{ background: 'var(--card)' }}>
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={<span data-testid={`savings-tab-${k}`}>{t(`savings.tabs.${k}`)}</span>} />
        ))}
      </Tabs>
      {tab === 'active' && <PagedList q={active} render={card} empty={t('savings.emptyActive')} />}
      {tab === 'matured' && <PagedList q={matured} render={card} empty={t('savings.emptyClosed')} />}
      {tab === 'redeemed' && <PagedList q={redeemed} render={card} empty={t('savings.emptyClosed')} />}
      {tab === 'income' && <PagedList q={incomes} render={(r) => <IncomeRow key={`${r.subscription_id}:${r.date}`} r={r} />} empty={t('savings.emptyIncome')} />}
      <RedeemSheet order={redeeming} onClose={() => setRedeeming(null)} />
    </div>
  );
}
