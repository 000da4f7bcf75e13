/** One lead trader in the list: who, the period's ROI (big), P&L, MDD, win rate, AUM, copiers, share rate, Follow. */
import type { Trader } from '@bourse/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fractionPercent } from '../../lever/lib';
import type { FollowPeriod } from '../api/follow';
import { traderPath } from '../paths';
import { Avatar, Roi, SignedUsdt, StatsGrid } from './Figures';
import { FollowButton } from './FollowButton';

interface Props {
  trader: Trader;
  period: FollowPeriod;
  onFollow: (t: Trader) => void;
}

export function TraderCard({ trader: tr, period, onFollow }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => void navigate(traderPath(tr.trader_user_id, period));
  return (
    <article className="follow-card" data-testid={`follow-card-${tr.trader_user_id}`} onClick={open}>
      <header className="follow-card-head">
        <Avatar nickname={tr.nickname} src={tr.avatar} />
        <div className="follow-card-who">
          <button type="button" className="follow-name" onClick={open}>
            {tr.nickname}
          </button>
          <div className="follow-sub">
            {t('follow.shareRate')} <span className="num">{fractionPercent(tr.share_rate)}</span>
          </div>
        </div>
        <FollowButton
          traderUserId={tr.trader_user_id}
          following={tr.following}
          onFollow={() => onFollow(tr)}
        />
      </header>
      <div className="follow-card-main">
        <div>
          <div className="follow-k">{t('follow.roiOf', { n: period })}</div>
          <div className="follow-roi">
            <Roi value={tr.stats.roi} testId={`follow-roi-${tr.trader_user_id}`} />
          </div>
        </div>
        <div className="follow-right">
          <div className="follow-k">{t('follow.pnlUsdt')}</div>
          <div className="follow-pnl">
            <SignedUsdt value={tr.stats.pnl} />
          </div>
        </div>
      </div>
      <StatsGrid stats={tr.stats} />
    </article>
  );
}
