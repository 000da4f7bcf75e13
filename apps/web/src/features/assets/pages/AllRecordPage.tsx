/**
 * /pages/fund/assets_all_record: every record of the user (one line per action on an account,
 * deposits with their proof, withdrawals, transfers, exchanges), filterable, 10 a page, "no more
 * data" at the end.
 */
import { ACCOUNT_TYPES, type Deposit, type Exchange, type JournalLine, type Transfer, type Withdrawal } from '@bourse/contract';
import { CapsuleTabs, InfiniteScroll, Tabs } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { formatAmount } from '../../../lib/format';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { InboxIcon } from '../../../ui/icons';
import { useCoins, usePaged } from '../api/assets';
import { ProofImage } from '../components/ProofImage';
import {
  formatWhen,
  ListEnd,
  StatusTag,
  useCoinLabel,
  useCoinUnits,
  useRecordCoin,
} from '../components/shared';
import { WithdrawalDetail } from '../components/WithdrawalDetail';
import '../assets.css';

const TABS = ['all', 'deposits', 'withdrawals', 'transfers', 'exchanges'] as const;
type Tab = (typeof TABS)[number];
type TypeName = keyof typeof ACCOUNT_TYPES;
// Journal kinds with a label (assets.kinds); any other kind is shown as written.
const KIND_LIST = [
  'deposit',
  'demo_credit',
  'withdraw_freeze',
  'withdraw_unfreeze',
  'withdraw',
  'transfer',
  'exchange',
  'contract_open',
  'contract_settle',
  'spot_freeze',
  'spot_fill',
  'spot_release',
  'savings_subscribe',
  'savings_income',
  'savings_maturity',
  'savings_redeem',
] as const;
type Kind = (typeof KIND_LIST)[number];
const KINDS = new Set<string>(KIND_LIST);

function when(iso: string) {
  return formatWhen(iso);
}

function signed(amount: string) {
  return amount.startsWith('-') ? 'amount-out' : 'amount-in';
}

const isZero = (amount: string) => /^-?0(\.0*)?$/.test(amount);
const unsigned = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : amount);

/**
 * The figure of one action on an account: the signed change of its balance, or — when only the
 * split between available and frozen changed (an order, a withdrawal request, a stake, a release)
 * — the amount frozen or released.
 */
function LineAmount({ line, unit }: { line: JournalLine; unit: string }) {
  const { t } = useTranslation();
  if (!isZero(line.amount))
    return (
      <span className={`num ${signed(line.amount)}`}>
        {line.amount.startsWith('-') ? '' : '+'}
        {formatAmount(line.amount, 8)} {unit}
      </span>
    );
  const frozen = !line.frozen.startsWith('-');
  return (
    <span className="num amount-hold">
      {t(frozen ? 'assets.frozenAmount' : 'assets.releasedAmount', {
        amount: `${formatAmount(unsigned(line.frozen), 8)} ${unit}`,
      })}
    </span>
  );
}

function PagedList<T>({ q, render }: { q: ReturnType<typeof usePaged<T>>; render: (item: T) => ReactNode }) {
  const { t } = useTranslation();
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (q.isError) return <QueryError onRetry={() => void q.refetch()} />;
  if (q.isSuccess && items.length === 0)
    return <StateView icon={<InboxIcon />} title={t('assets.noRecords')} testId="records-empty" />;
  return (
    <div className="record-list" data-testid="record-list">
      {items.map(render)}
      <InfiniteScroll
        loadMore={async () => void (await q.fetchNextPage())}
        hasMore={q.isPending || Boolean(q.hasNextPage)}
      >
        <ListEnd
          loading={q.isPending || q.isFetchingNextPage}
          hasMore={Boolean(q.hasNextPage)}
          empty={items.length === 0}
        />
      </InfiniteScroll>
    </div>
  );
}

export default function AllRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'all';
  const [currency, setCurrency] = useState<number | undefined>(undefined);
  const [type, setType] = useState<number | undefined>(undefined);
  const [detail, setDetail] = useState<Withdrawal | null>(null);
  const coins = useCoins();
  const coinName = useCoinLabel();
  const unitOf = useCoinUnits();
  const recordCoin = useRecordCoin();
  const filters = { currency, type };
  const journal = usePaged<JournalLine>(['journal'], 'POST', '/wallet/legal_log', filters, tab === 'all');
  const deposits = usePaged<Deposit>(['deposits'], 'GET', '/recharge/log', { currency }, tab === 'deposits');
  const withdrawals = usePaged<Withdrawal>(
    ['withdrawals'],
    'GET',
    '/user/withdraw/list',
    { currency },
    tab === 'withdrawals',
  );
  const transfers = usePaged<Transfer>(
    ['transfers'],
    'GET',
    '/wallet/hzhistory',
    { currency },
    tab === 'transfers',
  );
  const exchanges = usePaged<Exchange>(
    ['exchanges'],
    'GET',
    '/wallet/exchange/list',
    {},
    tab === 'exchanges',
  );

  return (
    <div className="page fund-page" data-testid="page-records">
      <PageHeader title={t('assets.recordsTitle')} fallback={PATHS.assets} />
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        className="record-tabs"
      >
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={t(`assets.recordTabs.${k}`)} />
        ))}
      </Tabs>
      {tab !== 'exchanges' && (
        <CapsuleTabs
          className="record-filters"
          activeKey={String(currency ?? 0)}
          onChange={(k) => setCurrency(Number(k) || undefined)}
        >
          {[
            { id: 0, label: t('assets.allCoins') },
            ...(coins.data ?? []).map((c) => ({ id: c.id, label: coinName(c) })),
          ].map((o) => (
            <CapsuleTabs.Tab key={String(o.id)} title={o.label} />
          ))}
        </CapsuleTabs>
      )}
      {tab === 'all' && (
        <CapsuleTabs
          className="record-filters"
          activeKey={String(type ?? 0)}
          onChange={(k) => setType(Number(k) || undefined)}
        >
          {[
            { id: 0, label: t('assets.allAccounts') },
            ...(Object.entries(ACCOUNT_TYPES) as Array<[TypeName, number]>).map(([k, v]) => ({
              id: v,
              label: t(`assets.types.${k}`),
            })),
          ].map((o) => (
            <CapsuleTabs.Tab key={String(o.id)} title={o.label} />
          ))}
        </CapsuleTabs>
      )}
      {tab === 'all' && (
        <PagedList
          q={journal}
          render={(l) => (
            <div key={l.id} className="record-item" data-testid="record-item">
              <div className="record-head">
                <span>{KINDS.has(l.kind) ? t(`assets.kinds.${l.kind as Kind}`) : l.kind}</span>
                <LineAmount line={l} unit={unitOf(l.currency_id, l.currency_name)} />
              </div>
              <div className="record-sub">
                <span>{t(`assets.types.${l.account_name as TypeName}`)}</span>
                <span>{when(l.created_at)}</span>
              </div>
            </div>
          )}
        />
      )}
      {tab === 'deposits' && (
        <PagedList
          q={deposits}
          render={(d) => (
            <div key={d.id} className="record-item" data-testid="record-item">
              <div className="record-head">
                <span>
                  {recordCoin(d.currency_id, d.currency_name, d.sub_name)} · {t(`assets.source.${d.source}`)}
                </span>
                <StatusTag status={d.status} />
              </div>
              <div className="record-sub">
                <span className="num amount-in">
                  +{formatAmount(d.amount, 8)} {unitOf(d.currency_id, d.currency_name)}
                </span>
                <span>{when(d.created_at)}</span>
              </div>
              {d.proof && <ProofImage src={d.proof} />}
              {d.status === 'rejected' && d.reason && (
                <div className="reason-box">
                  {t('assets.reviewFailed')}: {d.reason}
                </div>
              )}
            </div>
          )}
        />
      )}
      {tab === 'withdrawals' && (
        <PagedList
          q={withdrawals}
          render={(w) => (
            <button
              key={w.id}
              type="button"
              className="record-item coin-row"
              style={{ display: 'block' }}
              onClick={() => setDetail(w)}
              data-testid="record-item"
            >
              <div className="record-head">
                <span>{recordCoin(w.currency_id, w.currency_name, w.sub_name)}</span>
                <StatusTag status={w.status} />
              </div>
              <div className="record-sub">
                <span className="num amount-out">-{formatAmount(w.amount, 8)}</span>
                <span>{when(w.created_at)}</span>
              </div>
            </button>
          )}
        />
      )}
      {tab === 'transfers' && (
        <PagedList
          q={transfers}
          render={(x) => (
            <div key={x.id} className="record-item" data-testid="record-item">
              <div className="record-head">
                <span>
                  {t(`assets.types.${x.from_field as TypeName}`)} →{' '}
                  {t(`assets.types.${x.to_field as TypeName}`)}
                </span>
                <span className="num">
                  {formatAmount(x.amount, 8)} {unitOf(x.currency_id, x.currency_name)}
                </span>
              </div>
              <div className="record-sub">
                <span>
                  {t('assets.fee')} {x.fee}
                </span>
                <span>{when(x.created_at)}</span>
              </div>
            </div>
          )}
        />
      )}
      {tab === 'exchanges' && (
        <PagedList
          q={exchanges}
          render={(x) => (
            <div key={x.id} className="record-item" data-testid="record-item">
              <div className="record-head">
                <span className="num amount-out">
                  -{formatAmount(x.amount, 8)} {x.from_name}
                </span>
                <span className="num amount-in">
                  +{formatAmount(x.receive, 8)} {x.to_name}
                </span>
              </div>
              <div className="record-sub">
                <span>
                  {t('assets.price')} {x.price} · {t('assets.fee')} {x.fee}
                </span>
                <span>{when(x.created_at)}</span>
              </div>
            </div>
          )}
        />
      )}
      <WithdrawalDetail w={tab === 'withdrawals' ? detail : null} onClose={() => setDetail(null)} />
    </div>
  );
}
