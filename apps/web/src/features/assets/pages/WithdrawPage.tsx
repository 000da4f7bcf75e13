/**
 * /pages/fund/withdraw?currency=id: withdraw to an address from the user's book. Shows amount,
 * fee, amount received and the exchange rate before confirming; asks for the verification code
 * when required; then follows the request's status (or its refusal reason).
 */
import { Button, Input, Popup, Selector, Skeleton, Toast } from 'antd-mobile';
import { Dec, formatUnits, parseUnits } from '@bourse/money';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { BookAddress, Withdrawal } from '@bourse/contract';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { amountForInput, checkAmount } from '../../../lib/amountCheck';
import { formatAmount } from '../../../lib/format';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { InboxIcon } from '../../../ui/icons';
import { fiatSymbol, useFiat } from '../../platform/api/fiat';
import { toFiat } from '../api/fiatValue';
import { coinUnit, newIdempotencyKey, useAddressBook, useBoundCard, type BoundCard, type CardKind, usePaged, useWalletInfo } from '../api/assets';
import { AmountField, CoinSelect, FundPageHeader, FundRow, FundSubmit } from '../components/FundForm';
import { StatusTag } from '../components/shared';
import { useFundAction } from '../components/useFundAction';
import { WithdrawalDetail } from '../components/WithdrawalDetail';
import '../assets.css';

function minus(a: string, b: string): string | null {
  try {
    const d = new Dec(a || '0').minus(new Dec(b || '0'));
    return d.gt(0) ? d.toFixed() : null;
  } catch {
    return null;
  }
}

/** The bound card as one line: bank and the masked number. */
function cardText(card: BoundCard): string {
  if (!card) return '';
  const [holder, number] = 'bank_account' in card ? [card.real_name, card.bank_account] : [card.account_name, card.iban];
  return [card.bank_name, holder, number].filter(Boolean).join(' · ');
}

/** Fee, amount received and exchange rate: under the form and again in the confirmation. */
function WithdrawCosts({
  fee,
  receive,
  rateText,
  receiveTestId,
}: {
  fee: string | undefined;
  receive: string | null;
  rateText: string;
  receiveTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FundRow label={t('assets.fee')}>{fee}</FundRow>
      <FundRow label={t('assets.received')} testId={receiveTestId}>
        {receive ?? '--'}
      </FundRow>
      <FundRow label={t('assets.rate')}>{rateText}</FundRow>
    </>
  );
}

export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currencyId = Number(params.get('currency')) || null;
  const info = useWalletInfo(currencyId);
  const book = useAddressBook();
  const { code: fiat, rate } = useFiat();
  const [address, setAddress] = useState<BookAddress | null>(null);
  const [picking, setPicking] = useState(false);
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [cooldown, setCooldown] = useState(0);
  const { busy, confirm, send } = useFundAction();
  const [idemKey, setIdemKey] = useState(newIdempotencyKey);
  const [detail, setDetail] = useState<Withdrawal | null>(null);
  const [cardKind, setCardKind] = useState<CardKind>('domestic');
  const list = usePaged<Withdrawal>(
    ['withdrawals'],
    'GET',
    '/user/withdraw/list',
    { currency: currencyId ?? undefined },
    currencyId !== null,
    10_000,
  );

  useEffect(() => {
    if (cooldown <= 0) return;
    const id = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(id);
  }, [cooldown]);

  const coin = info.data?.currency;
  // The bank channel: the payout goes to the user's bound bank card instead of an address,
  // in the channel's fiat currency (e.g. USD).
  const isBank = Boolean(coin?.isFiat);
  const unit = coin ? coinUnit(coin) : '';
  const card = useBoundCard(cardKind, isBank);
  const destination = isBank ? cardText(card.data ?? null) : (address?.address ?? '');
  const network = coin ? (coin.subName ? `${coin.name}-${coin.subName}` : coin.name).toUpperCase() : '';
  const addresses = useMemo(
    () => (book.data?.data ?? []).filter((a) => a.currency.toUpperCase() === network),
    [book.data, network],
  );
  const cfg = info.data?.config;
  const receive = cfg ? minus(amount, cfg.withdraw_fee) : null;
  const rateText = info.data?.rate_usdt
    ? `1 ${coin?.name} ≈ ${fiatSymbol(fiat)}${toFiat(info.data.rate_usdt, rate)}`
    : '--';

  // What stops the amount (limits, balance, fee, today's limit), shown as it is typed.
  const amountProblem = (): string | null => {
    if (!coin || !cfg || !info.data || !amount.trim()) return null;
    const check = checkAmount(amount, {
      decimals: coin.decimals,
      unit,
      min: cfg.withdraw_min,
      max: cfg.withdraw_max,
      available: info.data.withdrawable,
    });
    if (check) return t(check.key, check.values);
    try {
      const units = (v: string) => parseUnits(v, coin.decimals, 'down');
      const value = units(amount);
      if (value <= units(cfg.withdraw_fee)) {
        return t('validate.belowFee', { fee: formatAmount(cfg.withdraw_fee, coin.decimals, 0), unit });
      }
      const limit = units(cfg.withdraw_daily_limit);
      const used = units(info.data.withdrawn_today);
      if (limit > 0n && used + value > limit) {
        const left = limit > used ? limit - used : 0n;
        return t('validate.dailyLimit', { left: formatAmount(formatUnits(left, coin.decimals), coin.decimals, 0), unit });
      }
    } catch {
      return null; // not a figure this page can read; the server answers
    }
    return null;
  };
  const problem = amountProblem();

  /** Everything but the code, checked before a code is sent or the confirmation opens. */
  const formProblem = (): string | null => {
    if (isBank && !card.data) return t('assets.noCard');
    if (!isBank && !address) return t('assets.chooseAddress');
    if (!amount.trim()) return t('assets.enterWithdrawAmount');
    return problem;
  };

  if (!currencyId) return <Navigate to={`${PATHS.selectCoin}?to=withdraw`} replace />;

  const sendCode = async () => {
    const stop = formProblem();
    if (stop) return Toast.show({ content: stop });
    try {
      await api.post('/sms_mail', { scene: 'withdraw' });
      setCooldown(60);
      Toast.show({ icon: 'success', content: t('assets.codeSent') });
    } catch {
      // shown by the API client
    }
  };

  const submit = async () => {
    const stop = formProblem();
    if (stop) return Toast.show({ content: stop });
    if (info.data?.code_required && !/^\d{6}$/.test(code))
      return Toast.show({ content: t('assets.enterCode') });
    const ok = await confirm(
      t('assets.confirmWithdraw'),
      'withdraw-confirm',
      <>
        <FundRow label={t(isBank ? 'assets.payoutCard' : 'assets.address')}>{destination}</FundRow>
        <FundRow label={t('assets.amount')}>
          {amount} {unit}
        </FundRow>
        <WithdrawCosts fee={cfg?.withdraw_fee} receive={receive} rateText={rateText} />
      </>,
    );
    if (!ok) return;
    await send(
      () =>
        api.post('/wallet/out', {
          currency: currencyId,
          number: amount.trim(),
          address_id: isBank ? undefined : address?.id,
          card: isBank ? cardKind : undefined,
          code: code || undefined,
          idempotency_key: idemKey,
        }),
      t('assets.withdrawSuccess'),
      () => {
        setAmount('');
        setCode('');
        setIdemKey(newIdempotencyKey());
      },
    );
  };

  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="page fund-page" data-testid="page-withdraw">
      <FundPageHeader title={t('assets.withdrawTitle')} recordsTab="withdrawals" />
      {info.isPending ? (
        <div className="fund-card">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : info.isError ? (
        <QueryError onRetry={() => void info.refetch()} />
      ) : !info.data.can_withdraw ? (
        <StateView
          icon={<InboxIcon />}
          fullPage
          title={t('assets.withdrawNotOffered')}
          description={t('assets.notOfferedHint')}
          testId="withdraw-not-offered"
        >
          <Button color="primary" onClick={() => void navigate(`${PATHS.selectCoin}?to=withdraw`)}>
            {t('assets.chooseCoin')}
          </Button>
        </StateView>
      ) : (
        <>
          <div className="fund-card">
            <CoinSelect
              coin={coin}
              placeholder=""
              onClick={() => void navigate(`${PATHS.selectCoin}?to=withdraw`)}
            />
            {isBank ? (
              <div data-testid="withdraw-card">
                <div className="fund-label">{t('assets.payoutCard')}</div>
                <Selector
                  columns={2}
                  value={[cardKind]}
                  onChange={(v) => v[0] && setCardKind(v[0])}
                  options={[
                    { label: t('identity.cardDomestic'), value: 'domestic' as const },
                    { label: t('identity.cardInternational'), value: 'international' as const },
                  ]}
                />
                {card.isPending ? (
                  <Skeleton.Paragraph lineCount={1} animated />
                ) : card.data ? (
                  <div className="fund-select" data-testid="withdraw-card-text">
                    <span className="grow num">{destination}</span>
                  </div>
                ) : (
                  <button
                    type="button"
                    className="fund-select"
                    onClick={() => void navigate(PATHS.bankCards)}
                    data-testid="withdraw-bind-card"
                  >
                    <span className="grow">{t('assets.noCard')}</span>
                    <span className="link-button">{t('assets.bindCard')} ›</span>
                  </button>
                )}
              </div>
            ) : (
              <>
                <div className="fund-label">{t('assets.address')}</div>
                <button
                  type="button"
                  className="fund-select"
                  onClick={() => setPicking(true)}
                  data-testid="withdraw-address"
                >
                  <span className="grow num">
                    {address ? `${address.name} · ${address.address}` : t('assets.chooseAddress')}
                  </span>
                  <span className="link-button">›</span>
                </button>
              </>
            )}
            <AmountField
              value={amount}
              onChange={setAmount}
              testId="withdraw-amount"
              placeholder={t('assets.withdrawAmountPlaceholder')}
              unit={unit}
              onAll={() => coin && setAmount(amountForInput(info.data.withdrawable, coin.decimals))}
            />
            <FundRow label={t('assets.withdrawable')} testId="withdrawable">
              {formatAmount(info.data.withdrawable, coin?.decimals)}
            </FundRow>
            <WithdrawCosts
              fee={cfg?.withdraw_fee}
              receive={receive}
              rateText={rateText}
              receiveTestId="withdraw-receive"
            />
            <div className="fund-hint">
              {t('assets.limitsHint', {
                min: cfg?.withdraw_min,
                max: cfg && cfg.withdraw_max !== '0' ? cfg.withdraw_max : '∞',
                daily: cfg && cfg.withdraw_daily_limit !== '0' ? cfg.withdraw_daily_limit : '∞',
              })}
            </div>
            {problem && (
              <div className="fund-hint fund-problem" data-testid="withdraw-problem">
                {problem}
              </div>
            )}
            {info.data.code_required && (
              <>
                <div className="fund-label">{t('assets.code')}</div>
                <div className="amount-box">
                  <Input
                    value={code}
                    onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
                    inputMode="numeric"
                    placeholder={t('identity.codePlaceholder')}
                    data-testid="withdraw-code"
                  />
                  <button
                    type="button"
                    className="link-button"
                    disabled={cooldown > 0}
                    onClick={() => void sendCode()}
                    data-testid="withdraw-send-code"
                  >
                    {cooldown > 0 ? `${cooldown}s` : t('assets.sendCode')}
                  </button>
                </div>
              </>
            )}
          </div>
          <FundSubmit busy={busy} onSubmit={submit} testId="withdraw-submit">
            {t('assets.withdrawTitle')}
          </FundSubmit>
        </>
      )}
      {items.length > 0 && (
        <div className="fund-card">
          <h3>{t('assets.recentWithdrawals')}</h3>
          {items.slice(0, 5).map((w) => (
            <button
              key={w.id}
              type="button"
              className="coin-row"
              onClick={() => setDetail(w)}
              data-testid="withdrawal-item"
            >
              <span className="coin-row-name num">
                {formatAmount(w.amount, 8)} {unit || w.currency_name}
              </span>
              <StatusTag status={w.status} />
            </button>
          ))}
        </div>
      )}
      <Popup visible={picking} onMaskClick={() => setPicking(false)} bodyClassName="coin-picker">
        <div className="coin-picker-head">{t('assets.chooseAddress')}</div>
        <div className="coin-list">
          {addresses.length === 0 && <div className="fund-hint">{t('assets.noAddress', { network })}</div>}
          {addresses.map((a) => (
            <button
              key={a.id}
              type="button"
              className="coin-row"
              disabled={a.approve_status !== 1}
              onClick={() => {
                setAddress(a);
                setPicking(false);
              }}
              data-testid="address-option"
            >
              <span className="coin-row-name">
                {a.name}
                <div className="account-sub num">{a.address}</div>
              </span>
              {a.approve_status !== 1 && <span className="coin-row-right">{t('assets.addressPending')}</span>}
            </button>
          ))}
          <Button
            block
            fill="outline"
            onClick={() => void navigate(PATHS.addresses)}
            style={{ marginTop: '0.24rem' }}
          >
            {t('assets.manageAddresses')}
          </Button>
        </div>
      </Popup>
      <WithdrawalDetail w={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
