/** Small pieces of the copy-trading screens: avatar, period switch, signed USDT amounts, statistics grid. */
import type { TraderStats } from '@bourse/contract';
import { FOLLOW_PERIODS } from '@bourse/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { fractionPercent, signClass } from '../../lever/lib';
import type { FollowPeriod } from '../api/follow';
import { initials } from '../lib';

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

export function Avatar({ nickname, src, size = 'md' }: { nickname: string; src: string; size?: 'md' | 'lg' }) {
  return src ? (
    <img className={`follow-avatar follow-avatar-${size}`} src={src} alt="" loading="lazy" />
  ) : (
    <span className={`follow-avatar follow-avatar-${size} follow-avatar-letter`} aria-hidden>
      {initials(nickname)}
    </span>
  );
}

export function PeriodSwitch({ value, onChange }: { value: FollowPeriod; onChange: (p: FollowPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <div className="follow-periods" role="radiogroup" aria-label={t('follow.period')}>
      {FOLLOW_PERIODS.map((p) => (
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

/** MDD, win rate, AUM, copiers (and trades when `trades`) of a period. */
export function StatsGrid({ stats, trades = false }: { stats: TraderStats; trades?: boolean }) {
  const { t } = useTranslation();
  const cells: Array<[string, React.ReactNode]> = [
    [t('follow.mdd'), <span className="num">{fractionPercent(stats.mdd)}</span>],
    [t('follow.winRate'), <span className="num">{fractionPercent(stats.win_rate)}</span>],
    [t('follow.aum'), <span className="num">{usdt(stats.aum)}</span>],
    [t('follow.copiers'), <span className="num">{stats.copiers}</span>],
  ];
  if (trades) cells.push([t('follow.trades'), <span className="num">{stats.trades}</span>]);
  return (
    <dl className="follow-stats">
      {cells.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
