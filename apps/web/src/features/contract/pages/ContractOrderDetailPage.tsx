/** One order with the exact ticks it was opened and settled against (docs/product/settlement.md). */
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { useOrder } from '../api/contracts';
import { DirectionTag, Profit, StatusTag } from '../components/OrderFigures';
import { formatTime, ratePercent } from '../lib';
import '../contract.css';

export default function ContractOrderDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const q = useOrder(id, true);
  const header = <PageHeader title={t('contract.detailTitle')} fallback={PATHS.contractOrder} />;
  if (q.isPending) {
    return (
      <div className="page">
        {header}
        <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="page">
        {header}
        <QueryError onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const o = q.data;
  const rows: Array<[string, React.ReactNode, string?]> = [
    [t('contract.orderNo'), o.id],
    [t('contract.direction'), <DirectionTag key="d" order={o} />],
    [t('contract.stake'), `${o.number} ${o.currency}${o.currency_sub ? ` (${o.currency_sub})` : ''}`],
    [t('contract.expiry'), t('contract.seconds', { n: o.seconds })],
    [t('contract.payoutRate'), ratePercent(o.payout_rate)],
    [t('contract.openTime'), formatTime(o.created_at)],
    [t('contract.expiresAt'), formatTime(o.expires_at, true), 'detail-expires-at'],
    [t('contract.openPrice'), o.open_price, 'detail-open-price'],
    [t('contract.openTick'), t('contract.tickRef', { id: o.open_tick_id, time: formatTime(o.open_tick_at, true) }), 'detail-open-tick'],
    [t('contract.closePrice'), o.close_price ?? '--', 'detail-close-price'],
    [
      t('contract.closeTick'),
      o.close_tick_id ? t('contract.tickRef', { id: o.close_tick_id, time: formatTime(o.close_tick_at, true) }) : o.settled ? t('contract.noTick') : '--',
      'detail-close-tick',
    ],
    [t('contract.fee'), o.fee ?? '--'],
    [t('contract.profit'), <Profit key="p" order={o} />],
    [t('contract.closeTime'), formatTime(o.settled_at)],
  ];
  return (
    <div className="page" data-testid="page-contract-detail">
      {header}
      <section className="contract-detail">
        <div className="contract-detail-head">
          <span className="contract-card-symbol">{o.symbol}</span>
          <StatusTag order={o} />
        </div>
        <dl className="contract-detail-rows">
          {rows.map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="num" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="contract-rule">{t('contract.rule')}</p>
      </section>
    </div>
  );
}
