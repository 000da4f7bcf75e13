/** A withdrawal's status timeline (apply → under review → approved → sent → completed) or its refusal reason. */
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@bourse/contract';
import { formatAmount } from '../../../lib/format';
import { formatWhen, StatusTag, useCoinUnits, useCopy, useRecordCoin } from './shared';

const STEPS = ['apply', 'review', 'approved', 'sent', 'completed'] as const;
const REACHED: Record<Withdrawal['status'], number> = {
  review: 1,
  approved: 2,
  sent: 3,
  completed: 4,
  rejected: 1,
};

export function WithdrawalDetail({ w, onClose }: { w: Withdrawal | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const coinName = useRecordCoin();
  const unitOf = useCoinUnits();
  const reached = w ? REACHED[w.status] : 0;
  // Bank-card channel: paid to the user's card with a bank reference, not sent on chain.
  const bank = w?.network === 'BANKCARD';
  const when: Partial<Record<(typeof STEPS)[number], string | null>> = w
    ? {
        apply: w.created_at,
        // A rejection is shown on the review step, at the time the operator refused it.
        review: w.status === 'rejected' ? (w.reviewed_at ?? w.created_at) : w.created_at,
        approved: w.reviewed_at,
        sent: w.sent_at,
        completed: w.completed_at,
      }
    : {};
  return (
    <Popup visible={w !== null} onMaskClick={onClose} bodyClassName="coin-picker" destroyOnClose>
      {w && (
        <div className="fund-card" data-testid="withdrawal-detail">
          <div className="record-head">
            <span>
              {t('assets.withdrawTitle')} {coinName(w.currency_id, w.currency_name, w.sub_name)}
            </span>
            <StatusTag status={w.status} />
          </div>
          <ul className="timeline">
            {STEPS.map((s, i) => (
              <li
                key={s}
                className={i <= reached ? (w.status === 'rejected' && i === reached ? 'failed' : 'done') : ''}
              >
                {w.status === 'rejected' && i === reached
                  ? t('assets.status.rejected')
                  : bank && s === 'sent'
                    ? t('assets.paidOut')
                    : t(`assets.step.${s}`)}
                {i <= reached && when[s] ? ` · ${formatWhen(when[s])}` : ''}
              </li>
            ))}
          </ul>
          {w.status === 'rejected' && (
            <div className="reason-box" data-testid="withdrawal-reason">
              {t('assets.reviewFailed')}: {w.reason}
            </div>
          )}
          <div className="fund-row">
            <span>{t(bank ? 'assets.payoutCard' : 'assets.address')}</span>
            <span className="num">{w.address}</span>
          </div>
          <div className="fund-row">
            <span>{t('assets.amount')}</span>
            <span className="num">
              {formatAmount(w.amount, 8)} {unitOf(w.currency_id, w.currency_name)}
            </span>
          </div>
          <div className="fund-row">
            <span>{t('assets.fee')}</span>
            <span className="num">
              {formatAmount(w.fee, 8)} {unitOf(w.currency_id, w.currency_name)}
            </span>
          </div>
          <div className="fund-row">
            <span>{t('assets.received')}</span>
            <span className="num">
              {formatAmount(w.receive, 8)} {unitOf(w.currency_id, w.currency_name)}
            </span>
          </div>
          {w.tx_hash && (
            <div className="fund-row">
              <span>{t(bank ? 'assets.bankReference' : 'assets.txHash')}</span>
              <button
                type="button"
                className="link-button num"
                onClick={() => void copy(w.tx_hash!)}
                data-testid="tx-hash"
              >
                {w.tx_hash.length > 24 ? `${w.tx_hash.slice(0, 10)}…${w.tx_hash.slice(-8)}` : w.tx_hash}
              </button>
            </div>
          )}
        </div>
      )}
    </Popup>
  );
}
