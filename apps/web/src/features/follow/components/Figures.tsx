/** Small pieces of the copy-trading screens: avatar, period switch, signed USDT amounts, statistics grid. */
import type { TraderStats } from '@bourse/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { fractionPercent, signClass } from '../../lever/lib';
import type { FollowPeriod } from '../api/follow';
import { initials, PERIODS } from '../lib';

type Cell = [label: string, value: string];

/** USDT shown to 6 places at most (truncated), at least 2. */
export const usdt = (v: string | null | undefined) => formatAmount(v, 6, 2);

/** A signed USDT amount coloured by its sign. */
export function SignedUsdt({ value, testId }: { value: string | null | undefined; testId?: string }) {
  const shown = usdt(value);
  const cls = signClass(value);
  return (
    <span className={`num change-${cls}`} data-testid={testId}>
      {cls === 'up' ? `+${shown}` : shown}
    </span>
  );
}

export function Avatar({
  nickname,
  src,
  size = 'md',
}: {
  nickname: string;
  src: string;
  size?: 'md' | 'lg';
}) {
  return src ? (
    <img className={`follow-avatar follow-avatar-${size}`} src={src} alt="" loading="lazy" />
  ) : (
    <span className={`follow-avatar follow-avatar-${size} follow-avatar-letter`} aria-hidden>
      {initials(nickname)}
    </span>
  );
}

export function PeriodSwitch({
  value,
  onChange,
}: {
  value: FollowPeriod;
  onChange: (p: FollowPeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="follow-periods" role="radiogroup" aria-label={t('follow.period')}>
      {PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={value === p}
          className={`follow-chip${value === p ? ' follow-chip-on' : ''}`}
          onClick={() => onChange(p)}
          data-testid={`follow-period-${p}`}
        >
          {t('follow.days', { n: p })}
        </button>
      ))}
    </div>
  );
}

/** ROI coloured and signed, as a percentage. */
export function Roi({ value, testId }: { value: string; testId?: string }) {
  return (
    <span className={`num change-${signClass(value)}`} data-testid={testId}>
      {fractionPercent(value, true)}
    </span>
  );
}

/**
 * MDD, win rate, AUM and copiers of a period in four columns; with `full`, also the closed trades
 * (and the open positions when given) in three columns.
 */
export function StatsGrid({
  stats,
  full = false,
  openPositions,
}: {
  stats: TraderStats;
  full?: boolean;
  openPositions?: number;
}) {
  const { t } = useTranslation();
  const mdd: Cell = [t('follow.mdd'), fractionPercent(stats.mdd)];
  const win: Cell = [t('follow.winRate'), fractionPercent(stats.win_rate)];
  const aum: Cell = [t('follow.aum'), usdt(stats.aum)];
  const copiers: Cell = [t('follow.copiers'), String(stats.copiers)];
  const cells: Cell[] = full
    ? [mdd, win, [t('follow.trades'), String(stats.trades)], aum, copiers]
    : [mdd, win, aum, copiers];
  if (full && openPositions !== undefined) cells.push([t('follow.openPositions'), String(openPositions)]);
  return (
    <dl className={`follow-stats${full ? ' follow-stats-3' : ''}`}>
      {cells.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className="num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
