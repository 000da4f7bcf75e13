/** /pages/mining/profit: profit statistics per currency (totals, 7/30 days, per family, daily bars) and the daily income records. */
import type { SavingsProfitCurrency } from '@bourse/contract';
import { Dec } from '@bourse/money';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { SavingsIcon } from '../../../ui/icons';
import { useProfit } from '../api/savings';
import { amountText } from '../components/shared';
import '../savings.css';

function dec(v: string): Dec {
  try {
    return new Dec(v);
  } catch {
    return new Dec(0);
  }
}

/** Bars of the last 30 days' income: heights relative to the best day (exact decimals, no floats in sums). */
function Bars({ c }: { c: SavingsProfitCurrency }) {
  const { t } = useTranslation();
  const max = c.daily.reduce((m, d) => Dec.max(m, dec(d.amount)), new Dec(0));
  return (
    <div className="savings-profit-chart" data-testid="profit-chart">
      <div className="savings-label">{t('savings.profit.chart')}</div>
      <div className="savings-profit-bars" role="img" aria-label={t('savings.profit.chart')}>
        {c.daily.map((d) => {
          const pct = max.gt(0) ? dec(d.amount).div(max).mul(100).toDecimalPlaces(1).toNumber() : 0;
          return (
            <div key={d.date} className="savings-profit-bar" title={`${d.date}: ${d.amount} ${c.currency}`}>
              <span style={{ height: `${dec(d.amount).gt(0) ? Math.max(pct, 4) : 0}%` }} />
            </div>
          );
        })}
      </div>
      <div className="savings-profit-axis">
        <span>{c.daily[0]?.date.slice(5)}</span>
        <span>{c.daily[c.daily.length - 1]?.date.slice(5)}</span>
      </div>
    </div>
  );
}

function CurrencyStats({ c }: { c: SavingsProfitCurrency }) {
  const { t } = useTranslation();
  const d = c.decimals;
  const kinds = c.by_kind.filter((k) => dec(k.total).gt(0));
  return (
    <div className="savings-card" data-testid={`profit-${c.currency}`}>
      <div className="savings-label">
        {t('savings.profit.total')} ({c.currency})
      </div>
      <div className="savings-profit-total" data-testid="profit-total">
        {amountText(c.total, d)}
      </div>
      <div className="savings-label">{t('savings.profit.payments', { count: c.payments })}</div>
      <div className="savings-profit-grid">
        <div>
          <div className="savings-value savings-income" data-testid="profit-yesterday">
            {amountText(c.yesterday, d)}
          </div>
          <div className="savings-label">{t('savings.profit.yesterday')}</div>
        </div>
        <div>
          <div className="savings-value" data-testid="profit-7d">
            {amountText(c.last_7_days, d)}
          </div>
          <div className="savings-label">{t('savings.profit.last7')}</div>
        </div>
        <div>
          <div className="savings-value" data-testid="profit-30d">
            {amountText(c.last_30_days, d)}
          </div>
          <div className="savings-label">{t('savings.profit.last30')}</div>
        </div>
      </div>
      <Bars c={c} />
      {kinds.length > 0 && (
        <>
          <div className="savings-label savings-profit-sub">{t('savings.profit.byKind')}</div>
          {kinds.map((k) => (
            <div key={k.kind} className="savings-row">
              <span>{t(`savings.kinds.${k.kind}`)}</span>
              <span>{`${amountText(k.total, d)} ${c.currency}`}</span>
            </div>
          ))}
        </>
      )}
      {dec(c.penalties).gt(0) && (
        <div className="savings-row">
          <span>{t('savings.profit.penalties')}</span>
          <span className="savings-warn" data-testid="profit-penalties">{`-${amountText(c.penalties, d)} ${c.currency}`}</span>
        </div>
      )}
      {dec(c.forfeited).gt(0) && (
        <div className="savings-row">
          <span>{t('savings.profit.forfeited')}</span>
          <span className="savings-warn">{`-${amountText(c.forfeited, d)} ${c.currency}`}</span>
        </div>
      )}
      {dec(c.lease_fees).gt(0) && (
        <div className="savings-row">
          <span>{t('savings.profit.leaseFees')}</span>
          <span className="savings-warn" data-testid="profit-lease-fees">{`-${amountText(c.lease_fees, d)} ${c.currency}`}</span>
        </div>
      )}
    </div>
  );
}

export default function ProfitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const q = useProfit(token);
  return (
    <div className="page savings-page" data-testid="page-savings-profit">
      <PageHeader title={t('savings.profit.title')} fallback={PATHS.savings} />
      <div className="savings-list">
        {q.isPending ? (
          <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />
        ) : q.isError ? (
          <QueryError onRetry={() => void q.refetch()} />
        ) : q.data.currencies.length === 0 ? (
          <StateView icon={<SavingsIcon />} title={t('savings.profit.empty')} testId="profit-empty">
            <Button size="small" color="primary" onClick={() => void navigate(PATHS.savings)}>
              {t('savings.title')}
            </Button>
          </StateView>
        ) : (
          q.data.currencies.map((c) => <CurrencyStats key={c.currency_id} c={c} />)
        )}
        <Button block className="savings-profit-details" onClick={() => void navigate(`${PATHS.savingsRecord}?tab=income`)} data-testid="profit-details">
          {t('savings.profit.details')}
        </Button>
      </div>
    </div>
  );
}
