/**
 * The follow sheet: fixed amount (USDT margin per copy) or fixed ratio (a multiple of the lead's
 * margin share applied to the caller's lever account), a cap per copy, an optional stop-loss on
 * the follow's realised loss; then a plain-words summary of what will happen, confirmed before
 * POST /follow/follow. The typed text is sent as it is; the server checks and sizes every copy.
 */
import type { Trader } from '@bourse/contract';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { formatAmount } from '../../../lib/format';
import { useLeverDeal } from '../../lever/api/lever';
import { fractionPercent } from '../../lever/lib';
import { useStartFollow } from '../api/follow';
import {
  checkFollowForm,
  FOLLOW_LIMITS,
  followBody,
  followSummary,
  type FollowForm,
  type FollowMode,
} from '../lib';
import { FOLLOW_PATHS } from '../paths';
import { usdt } from './Figures';

interface Props {
  trader: Pick<Trader, 'trader_user_id' | 'nickname' | 'share_rate'>;
  onClose: () => void;
}

export function FollowSheet({ trader, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<FollowForm>({ mode: 'amount', number: '', maxPerCopy: '', stopLoss: '' });
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [tried, setTried] = useState(false);
  const deal = useLeverDeal();
  const start = useStartFollow();
  const problems = checkFollowForm(form);
  const problemOf = (field: string) => {
    const p = tried ? problems.find((x) => x.field === field) : undefined;
    return p ? <div className="follow-field-error">{t(p.key, p.values)}</div> : null;
  };
  const set = (patch: Partial<FollowForm>) => setForm((f) => ({ ...f, ...patch }));
  const bounds = FOLLOW_LIMITS[form.mode];
  const balance = deal.data?.balance;

  const review = () => {
    setTried(true);
    if (problems.length === 0) setStep('review');
  };
  const confirm = () =>
    start.mutate(followBody(trader.trader_user_id, form), {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: t('follow.started') });
        onClose();
      },
    });

  const modes: FollowMode[] = ['amount', 'ratio'];
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="follow-sheet" destroyOnClose>
      <div data-testid="follow-sheet">
        <div className="follow-sheet-title">{t('follow.sheetTitle', { nickname: trader.nickname })}</div>
        {step === 'form' ? (
          <>
            <div className="follow-modes" role="radiogroup">
              {modes.map((m) => (
                <button
                  key={m}
                  type="button"
                  role="radio"
                  aria-checked={form.mode === m}
                  className={`follow-mode${form.mode === m ? ' follow-mode-on' : ''}`}
                  onClick={() => set({ mode: m, number: '' })}
                  data-testid={`follow-mode-${m}`}
                >
                  <b>{t(`follow.mode.${m}`)}</b>
                  <span>{t(`follow.mode.${m}Desc`)}</span>
                </button>
              ))}
            </div>
            <label className="follow-label" htmlFor="follow-number">
              {form.mode === 'amount' ? t('follow.form.amount') : t('follow.form.ratio')}
            </label>
            <Input
              id="follow-number"
              className="follow-input"
              inputMode="decimal"
              value={form.number}
              onChange={(v) => set({ number: v })}
              placeholder={t('follow.form.range', {
                min: formatAmount(bounds.min, 2, 0),
                max: formatAmount(bounds.max, 2, 0),
                unit: bounds.unit,
              })}
              data-testid="follow-number"
            />
            {problemOf('number')}
            <label className="follow-label" htmlFor="follow-max">
              {t('follow.form.max')}
            </label>
            <Input
              id="follow-max"
              className="follow-input"
              inputMode="decimal"
              value={form.maxPerCopy}
              onChange={(v) => set({ maxPerCopy: v })}
              placeholder="USDT"
              data-testid="follow-max"
            />
            {problemOf('maxPerCopy')}
            <label className="follow-label" htmlFor="follow-stoploss">
              {t('follow.form.stopLoss')}
            </label>
            <Input
              id="follow-stoploss"
              className="follow-input"
              inputMode="decimal"
              value={form.stopLoss}
              onChange={(v) => set({ stopLoss: v })}
              placeholder={t('follow.form.optional')}
              data-testid="follow-stoploss"
            />
            {problemOf('stopLoss')}
            <p className="follow-note">{t('follow.form.stopLossNote')}</p>
            <div className="follow-balance">
              <span>{t('follow.form.leverBalance')}</span>
              <span className="num" data-testid="follow-balance">
                {balance ? `${usdt(balance.available)} ${balance.currency}` : '--'}
              </span>
            </div>
            <button
              type="button"
              className="follow-link"
              onClick={() => void navigate(`${PATHS.transfer}?to=3`)}
            >
              {t('follow.form.transferIn')} ›
            </button>
            <div className="follow-sheet-actions">
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button color="primary" onClick={review} data-testid="follow-review">
                {t('follow.form.review')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="follow-summary-lead">{t('follow.summary.title')}</p>
            <ul className="follow-summary" data-testid="follow-summary">
              {followSummary(form, trader.nickname, fractionPercent(trader.share_rate)).map(
                ([key, values]) => (
                  <li key={key}>{t(key, values)}</li>
                ),
              )}
            </ul>
            <p className="follow-note">
              {t('follow.summary.where')}{' '}
              <button type="button" className="follow-link" onClick={() => void navigate(FOLLOW_PATHS.mine)}>
                {t('follow.mineTitle')} ›
              </button>
            </p>
            <div className="follow-sheet-actions">
              <Button onClick={() => setStep('form')}>{t('follow.form.edit')}</Button>
              <Button
                color="primary"
                loading={start.isPending}
                onClick={confirm}
                data-testid="follow-confirm"
              >
                {t('follow.form.confirm')}
              </Button>
            </div>
          </>
        )}
      </div>
    </Popup>
  );
}
