/**
 * One position (GET /lever/detail): its terms, the entry and exit prices with the ticks they came
 * from, fees, realised P&L and what was credited back; for a liquidation what the insurance fund
 * took or paid and any shortfall the platform absorbed (the user never owes beyond the margin).
 */
import type { LeverPosition } from '@bourse/contract';
import type { TFunction } from 'i18next';
import { formatPrice } from '@bourse/money';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToken } from '../../../api/session';
import { formatAmount } from '../../../lib/format';
import { InboxIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { useLeverPosition } from '../api/lever';
import { ExitReason, LoginPrompt, Pnl, SideTag } from '../components/Figures';
import { formatInstant } from '../lib';
import { LEVER_PATHS } from '../paths';
import '../lever.css';
import '../positions.css';

type Row = [label: string, value: ReactNode, testId?: string];

function rowsOf(p: LeverPosition, t: TFunction): Row[] {
  const pp = p.price_precision;
  const money = (v: string | null) => (v === null ? '--' : `${formatAmount(v, p.decimals)} ${p.currency}`);
  const price = (v: string | null) => (v === null ? '--' : formatPrice(v, pp));
  const rows: Row[] = [
    [t('lever.positionNo'), p.id, 'lever-detail-id'],
    [t('lever.quantity'), p.qty],
    [t('lever.margin'), money(p.margin)],
    [t('lever.entryPrice'), price(p.entry_price), 'lever-detail-entry'],
    [t('lever.entryTick'), `#${p.entry_tick_id}`, 'lever-detail-entry-tick'],
    [t('lever.openedAt'), formatInstant(p.opened_at)],
    [t('lever.openFee'), money(p.open_fee)],
    [t('lever.liqPrice'), p.liq_price ? price(p.liq_price) : t('lever.none')],
    [t('lever.bankruptPrice'), p.bankrupt_price ? price(p.bankrupt_price) : t('lever.none')],
    [t('lever.tp'), price(p.target_profit_price)],
    [t('lever.sl'), price(p.stop_loss_price)],
  ];
  if (p.status === 'open') {
    rows.push(
      [t('lever.markPrice'), price(p.mark_price)],
      [t('lever.upnl'), <Pnl key="u" value={p.upnl} suffix={` ${p.currency}`} />],
    );
    return rows;
  }
  rows.push(
    [t('lever.exitReason'), <ExitReason key="r" reason={p.exit_reason} />],
    [t('lever.exitPrice'), price(p.exit_price), 'lever-detail-exit'],
    [t('lever.exitTick'), p.exit_tick_id ? `#${p.exit_tick_id}` : '--', 'lever-detail-exit-tick'],
    [t('lever.closedAt'), formatInstant(p.closed_at)],
    [t('lever.closeFee'), money(p.close_fee)],
    [t('lever.pnl'), <Pnl key="p" value={p.pnl} suffix={` ${p.currency}`} testId="lever-detail-pnl" />],
    [t('lever.credited'), money(p.credited), 'lever-detail-credited'],
  );
  if (p.exit_reason === 'liquidation') {
    rows.push([
      t('lever.insurance'),
      <Pnl key="i" value={p.insurance} suffix={` ${p.currency}`} testId="lever-detail-insurance" />,
    ]);
    rows.push([t('lever.shortfall'), money(p.shortfall), 'lever-detail-shortfall']);
  }
  return rows;
}

export default function LeverDetailPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(useToken());
  const [params] = useSearchParams();
  const id = params.get('id');
  const valid = id !== null && /^\d{1,18}$/.test(id);
  const q = useLeverPosition(signedIn && valid ? id : null);
  const header = <PageHeader title={t('lever.detailTitle')} fallback={LEVER_PATHS.history} />;
  let body: ReactNode;
  if (!signedIn) body = <LoginPrompt />;
  else if (!valid)
    body = <StateView icon={<InboxIcon />} title={t('lever.notFound')} testId="lever-detail-missing" />;
  else if (q.isPending) body = <Skeleton.Paragraph lineCount={10} animated className="list-skeleton" />;
  else if (q.isError) body = <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  else {
    const p = q.data;
    body = (
      <section className="lever-card lever-detail" data-testid="lever-detail">
        <div className="lever-position-head">
          <SideTag side={p.side} leverage={p.leverage} />
          <span className="lever-position-symbol">{p.symbol}</span>
          <span className={`lever-status lever-status-${p.status}`}>
            {p.status === 'open' ? t('lever.statusOpen') : t('lever.statusClosed')}
          </span>
        </div>
        <dl className="lever-rows">
          {rowsOf(p, t).map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="num" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {p.exit_reason === 'liquidation' && <p className="lever-note">{t('lever.liquidationNote')}</p>}
        <p className="lever-note">{t('lever.tickNote')}</p>
      </section>
    );
  }
  return (
    <div className="page lever-page" data-testid="page-lever-detail">
      {header}
      {body}
    </div>
  );
}
