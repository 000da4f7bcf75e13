/** Pieces shared by the savings pages: rate and date display, kind and window labels, product card. */
import { Dec } from '@bourse/money';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../ui/CoinIcon';
import { formatAmount } from '../../../lib/format';
import type { Product } from '../api/savings';

/** A daily rate as an exact percentage ("0.0002" → "0.02%"). */
export function percent(rate: string): string {
  try {
    return `${new Dec(rate).mul(100).toDecimalPlaces(6, Dec.ROUND_DOWN).toFixed()}%`;
  } catch {
    return '--';
  }
}

export function rateText(p: { rate_mode: string; daily_rate: string; rate_max: string }): string {
  return p.rate_mode === 'range' && p.rate_max !== p.daily_rate ? `${percent(p.daily_rate)} – ${percent(p.rate_max)}` : percent(p.daily_rate);
}

export function dateText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '--' : d.toISOString().slice(0, 10);
}

export function dateTimeText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '--' : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function amountText(value: string, decimals: number): string {
  return formatAmount(value, decimals, 2);
}

export function KindTag({ kind }: { kind: Product['kind'] }) {
  const { t } = useTranslation();
  return (
    <Tag className={`savings-kind savings-kind-${kind}`} round fill="outline" color="primary">
      {t(`savings.kinds.${kind}`)}
    </Tag>
  );
}

export function WindowLabel({ status }: { status: Product['window_status'] }) {
  const { t } = useTranslation();
  const key = status === 1 ? 'open' : status === 2 ? 'notStarted' : 'closed';
  return <span className={`savings-window savings-window-${key}`}>{t(`savings.window.${key}`)}</span>;
}

export function ProductCard({ p, onJoin }: { p: Product; onJoin: () => void }) {
  const { t } = useTranslation();
  const d = Math.min(p.currency.decimals, 8);
  return (
    <div className="savings-card" data-testid={`savings-product-${p.id}`} data-kind={p.kind}>
      <div className="savings-card-head">
        <CoinIcon name={p.currency.name} image={p.currency.image} size={0.56} />
        <div className="savings-card-title">
          <div className="savings-card-name">{p.name}</div>
          <div className="savings-card-tags">
            <KindTag kind={p.kind} />
            {p.is_demo && <span className="demo-badge">{t('common.demoData')}</span>}
            <WindowLabel status={p.window_status} />
          </div>
        </div>
      </div>
      <div className="savings-card-grid">
        <div>
          <div className="savings-rate" data-testid="product-rate">{rateText(p)}</div>
          <div className="savings-label">{p.rate_mode === 'range' ? t('savings.dailyRateRange') : t('savings.dailyRate')}</div>
        </div>
        <div>
          <div className="savings-value">{t('savings.days', { count: p.term_days })}</div>
          <div className="savings-label">{t('savings.term')}</div>
        </div>
        <div>
          <div className="savings-value">
            {amountText(p.min_amount, d)} – {amountText(p.max_amount, d)}
          </div>
          <div className="savings-label">{t('savings.limits', { currency: p.currency.name })}</div>
        </div>
      </div>
      <div className="savings-card-foot">
        <div className="savings-meta">
          <span>
            {t('savings.remainingQuota')}: {amountText(p.remaining_quota, d)} {p.currency.name}
          </span>
          <span>
            {t('savings.startTime')}: {dateText(p.start_time)} · {t('savings.expiryTime')}: {dateText(p.end_time)}
          </span>
          {!p.refund_principal && (
            <span className="savings-warn" data-testid="product-lease-fee">
              {t('savings.leaseFee')}
            </span>
          )}
          {p.accrual_status === 'stalled' && <span className="savings-warn">{t('savings.stalled')}</span>}
        </div>
        <Button size="small" color="primary" disabled={p.window_status !== 1} onClick={onJoin} data-testid={`join-${p.id}`}>
          {t(`savings.joinAs.${p.kind}`)}
        </Button>
      </div>
    </div>
  );
}
