/** /pages/mining/stakingmMining?id=: join a product (amount with max, expected daily income, terms, confirmation). */
import type { SavingsProductDetail } from '@bourse/contract';
import { Dec } from '@bourse/money';
import { Button, Checkbox, Dialog, Input, Skeleton, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useToken } from '../../../api/session';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { SavingsIcon } from '../../../ui/icons';
import { joinProduct, useProduct } from '../api/savings';
import { amountText, dateText, KindTag, percent, rateText, WindowLabel } from '../components/shared';
import '../savings.css';

const AMOUNT_RE = /^\d*(\.\d*)?$/;

function dec(v: string | null | undefined): Dec {
  try {
    return new Dec(v ?? '0');
  } catch {
    return new Dec(0);
  }
}

/** The most this user can join now: balance, per-user maximum left, quota left. */
function maxJoin(p: SavingsProductDetail): Dec {
  const left = Dec.max(dec(p.max_amount).sub(dec(p.my_active)), 0);
  return Dec.min(dec(p.available), left, dec(p.remaining_quota)).toDecimalPlaces(p.currency.decimals, Dec.ROUND_DOWN);
}

/** Realized history (docs/product/savings.md): the rates actually recorded for the last days, never a promise. */
function Realized({ p }: { p: SavingsProductDetail }) {
  const { t } = useTranslation();
  const paid = p.realized_rates.filter((r) => r.status === 'paid');
  return (
    <div className="savings-terms" data-testid="join-realized">
      <div>{t('savings.realized')}</div>
      {paid.length ? (
        <div className="savings-realized">
          {paid.map((r) => (
            <span key={r.date}>
              {r.date.slice(5)}
              <b>{percent(r.rate)}</b>
            </span>
          ))}
        </div>
      ) : (
        <div>{t('savings.realizedNone')}</div>
      )}
      <div>{t('savings.realizedNote')}</div>
    </div>
  );
}

function Form({ p }: { p: SavingsProductDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useToken();
  const qc = useQueryClient();
  const [amount, setAmount] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = useRef(`join-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const d = p.currency.decimals;
  const a = amount && AMOUNT_RE.test(amount) ? dec(amount) : new Dec(0);
  const daily = (r: string) => amountText(a.mul(r).toDecimalPlaces(d, Dec.ROUND_DOWN).toFixed(), d);
  const expected = p.rate_mode === 'range' && p.rate_max !== p.daily_rate ? `${daily(p.daily_rate)} – ${daily(p.rate_max)}` : daily(p.daily_rate);

  const submit = async () => {
    if (!token) {
      Toast.show({ content: t('common.pleaseLogIn') });
      setTimeout(() => void navigate(PATHS.login), 1200);
      return;
    }
    if (!amount.trim()) return Toast.show({ content: t('savings.enterAmount') });
    if (a.lte(0)) return Toast.show({ content: t('savings.amountPositive') });
    if (a.decimalPlaces() > d) return Toast.show({ content: t('savings.amountPrecision', { decimals: d }) });
    if (a.lt(dec(p.min_amount)) || a.gt(dec(p.max_amount))) return Toast.show({ content: t('savings.outOfRange', { min: p.min_amount, max: p.max_amount }) });
    const left = Dec.max(dec(p.max_amount).sub(dec(p.my_active)), 0);
    if (a.gt(left)) return Toast.show({ content: t('savings.aboveLeft', { left: left.toFixed(), currency: p.currency.name }) });
    if (a.gt(dec(p.available))) return Toast.show({ content: t('savings.insufficient') });
    if (!agreed) return Toast.show({ content: t('savings.agreeFirst') });
    const ok = await Dialog.confirm({
      title: t('savings.confirmTitle'),
      // A prepaid lease says in the confirmation itself that the fee does not come back.
      content: t(p.refund_principal ? 'savings.confirmJoin' : 'savings.confirmLease', { amount: amountText(amount, d), currency: p.currency.name, name: p.name, days: p.term_days }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await joinProduct(p.id, amount.trim(), key.current);
      key.current = `join-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      await qc.invalidateQueries({ queryKey: ['savings'] });
      Toast.show({ icon: 'success', content: t('savings.joinSuccess') });
      void navigate(PATHS.savingsRecord, { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="savings-form">
        <div className="savings-card-tags">
          <KindTag kind={p.kind} />
          {p.is_demo && <span className="demo-badge">{t('common.demoData')}</span>}
          <WindowLabel status={p.window_status} />
        </div>
        <div className="savings-row">
          <span>{p.rate_mode === 'range' ? t('savings.dailyRateRange') : t('savings.dailyRate')}</span>
          <span className="savings-rate">{rateText(p)}</span>
        </div>
        <div className="savings-row">
          <span>{t('savings.term')}</span>
          <span>{t('savings.days', { count: p.term_days })}</span>
        </div>
        {!p.refund_principal && (
          <div className="savings-row">
            <span className="savings-warn" data-testid="join-lease-fee">
              {t('savings.leaseFee')}
            </span>
          </div>
        )}
        <div className="savings-row">
          <span>{t('savings.limits', { currency: p.currency.name })}</span>
          <span>
            {amountText(p.min_amount, d)} – {amountText(p.max_amount, d)}
          </span>
        </div>
        <div className="savings-row">
          <span>{t('savings.remainingQuota')}</span>
          <span>{amountText(p.remaining_quota, d)}</span>
        </div>
        <div className="savings-row">
          <span>{t('savings.window.label')}</span>
          <span>
            {dateText(p.start_time)} – {dateText(p.end_time)}
          </span>
        </div>
        {(p.rate_mode === 'range' || p.kind === 'machine') && <Realized p={p} />}
      </div>
      <div className="savings-form">
        <div className="savings-row">
          <span>{t('savings.amount')}</span>
          <span>
            {t('savings.available')}: {token ? `${amountText(p.available ?? '0', d)} ${p.currency.name}` : '--'}
          </span>
        </div>
        <div className="savings-amount">
          <Input
            value={amount}
            inputMode="decimal"
            placeholder={t('savings.amountPlaceholder', { min: amountText(p.min_amount, d) })}
            onChange={(v) => AMOUNT_RE.test(v) && setAmount(v)}
            data-testid="join-amount"
          />
          <span>{p.currency.name}</span>
          <Button size="mini" fill="none" color="primary" disabled={!token} onClick={() => setAmount(maxJoin(p).toFixed())} data-testid="join-max">
            {t('savings.max')}
          </Button>
        </div>
        <div className="savings-row">
          <span>{t(`savings.expectedAs.${p.kind}`)}</span>
          <span className="savings-income" data-testid="join-expected">
            {expected} {p.currency.name}
          </span>
        </div>
        <div className="savings-row">
          <span>{t('savings.valueDate')}</span>
          <span>{dateText(p.value_date)}</span>
        </div>
        <div className="savings-row">
          <span>{t('savings.maturityDate')}</span>
          <span>{dateText(p.maturity_date)}</span>
        </div>
        <div className="savings-terms" data-testid="join-terms">
          {p.refund_principal ? (
            <p>{t(p.payout === 'compound' ? 'savings.terms.compound' : 'savings.terms.account')}</p>
          ) : (
            <p data-testid="join-lease-terms">
              <b>{t('savings.leaseFee')}.</b> {t('savings.leaseTerms')}
            </p>
          )}
          <p>
            {p.early_redeem
              ? t(p.forfeit_income ? 'savings.terms.earlyForfeit' : 'savings.terms.early', { rate: percent(p.penalty_rate) })
              : t('savings.terms.noEarly')}
          </p>
          {p.rate_mode === 'range' && <p>{t('savings.terms.range')}</p>}
          <p>{t('savings.terms.pool')}</p>
        </div>
        <Checkbox checked={agreed} onChange={setAgreed} data-testid="join-agree">
          {t('savings.agree')}
        </Checkbox>
        <Button block color="primary" loading={busy} disabled={p.window_status !== 1} onClick={() => void submit()} style={{ marginTop: '0.24rem' }} data-testid="join-submit">
          {token ? t(`savings.joinNowAs.${p.kind}`) : t('common.logIn')}
        </Button>
      </div>
    </>
  );
}

export default function JoinPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const token = useToken();
  const q = useProduct(id, token);
  return (
    <div className="page savings-page" data-testid="page-savings-join">
      <PageHeader title={q.data?.name ?? t('savings.join')} fallback={PATHS.savings} />
      {id === null || (q.isError && q.error instanceof ApiError && q.error.code === 'savings_product_not_found') ? (
        <StateView icon={<SavingsIcon />} fullPage title={t('savings.productMissing')} />
      ) : q.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />
      ) : q.isError ? (
        <QueryError onRetry={() => void q.refetch()} />
      ) : (
        <Form p={q.data} />
      )}
    </div>
  );
}
