/**
 * /pages/fund/withdraw?currency=id: withdraw to an address from the user's book. Shows amount,
 * fee, amount received and the exchange rate before confirming; asks for the verification code
 * when required; then follows the request's status (or its refusal reason).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, Popup, Skeleton, Toast } from 'antd-mobile';
import { Dec } from '@bourse/money';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { formatAmount } from '../../../lib/format';
import { CoinIcon } from '../../../ui/CoinIcon';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { fiatSymbol, useFiat } from '../../platform/api/fiat';
import { toFiat } from '../api/fiatValue';
import {
  coinLabel,
  newIdempotencyKey,
  useAddressBook,
  usePaged,
  useWalletInfo,
  type BookAddress,
  type Withdrawal,
} from '../api/assets';
import { StatusTag } from '../components/shared';
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

export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
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
  const [busy, setBusy] = useState(false);
  const [idemKey, setIdemKey] = useState(newIdempotencyKey);
  const [detail, setDetail] = useState<Withdrawal | null>(null);
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

  if (!currencyId) return <Navigate to={`${PATHS.selectCoin}?to=withdraw`} replace />;

  const sendCode = async () => {
    try {
      await api.post('/sms_mail', { scene: 'withdraw' });
      setCooldown(60);
      Toast.show({ icon: 'success', content: t('assets.codeSent') });
    } catch {
      // shown by the API client
    }
  };

  const submit = async () => {
    if (!address) return Toast.show({ content: t('assets.chooseAddress') });
    if (!amount.trim()) return Toast.show({ content: t('assets.enterWithdrawAmount') });
    if (info.data?.code_required && !/^\d{6}$/.test(code))
      return Toast.show({ content: t('assets.enterCode') });
    const ok = await Dialog.confirm({
      title: t('assets.confirmWithdraw'),
      content: (
        <div data-testid="withdraw-confirm">
          <div className="fund-row">
            <span>{t('assets.address')}</span>
            <span className="num">{address.address}</span>
          </div>
          <div className="fund-row">
            <span>{t('assets.amount')}</span>
            <span className="num">
              {amount} {coin?.name}
            </span>
          </div>
          <div className="fund-row">
            <span>{t('assets.fee')}</span>
            <span className="num">{cfg?.withdraw_fee}</span>
          </div>
          <div className="fund-row">
            <span>{t('assets.received')}</span>
            <span className="num">{receive ?? '--'}</span>
          </div>
          <div className="fund-row">
            <span>{t('assets.rate')}</span>
            <span className="num">{rateText}</span>
          </div>
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await api.post('/wallet/out', {
        currency: currencyId,
        number: amount.trim(),
        address_id: address.id,
        code: code || undefined,
        idempotency_key: idemKey,
      });
      Toast.show({ icon: 'success', content: t('assets.withdrawSuccess') });
      setAmount('');
      setCode('');
      setIdemKey(newIdempotencyKey());
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['assets'] }),
        qc.invalidateQueries({ queryKey: ['wallet-list'] }),
      ]);
    } catch {
      // shown by the API client (insufficient balance, out of range, code …)
    } finally {
      setBusy(false);
    }
  };

  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="page fund-page" data-testid="page-withdraw">
      <PageHeader
        title={t('assets.withdrawTitle')}
        fallback={PATHS.assets}
        right={
          <button
            type="button"
            className="header-action link-button"
            onClick={() => void navigate(`${PATHS.assetsRecord}?tab=withdrawals`)}
          >
            {t('assets.actions.records')}
          </button>
        }
      />
      {info.isPending ? (
        <div className="fund-card">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : info.isError ? (
        <QueryError onRetry={() => void info.refetch()} />
      ) : (
        <>
          <div className="fund-card">
            <button
              type="button"
              className="fund-select"
              onClick={() => void navigate(`${PATHS.selectCoin}?to=withdraw`)}
            >
              {coin && <CoinIcon name={coin.name} image={coin.image} color={coin.color} size={0.5} />}
              <span className="grow">{coin ? coinLabel(coin) : ''}</span>
              <span className="link-button">{t('assets.change')}</span>
            </button>
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
            <div className="fund-label">{t('assets.amount')}</div>
            <div className="amount-box">
              <Input
                value={amount}
                onChange={(v) => setAmount(v.replace(/[^\d.]/g, ''))}
                inputMode="decimal"
                placeholder={t('assets.enterWithdrawAmount')}
                data-testid="withdraw-amount"
              />
              <span>{coin?.name}</span>
              <button type="button" className="link-button" onClick={() => setAmount(info.data.withdrawable)}>
                {t('assets.all')}
              </button>
            </div>
            <div className="fund-row">
              <span>{t('assets.withdrawable')}</span>
              <span className="num" data-testid="withdrawable">
                {formatAmount(info.data.withdrawable, coin?.decimals)}
              </span>
            </div>
            <div className="fund-row">
              <span>{t('assets.fee')}</span>
              <span className="num">{cfg?.withdraw_fee}</span>
            </div>
            <div className="fund-row">
              <span>{t('assets.received')}</span>
              <span className="num" data-testid="withdraw-receive">
                {receive ?? '--'}
              </span>
            </div>
            <div className="fund-row">
              <span>{t('assets.rate')}</span>
              <span className="num">{rateText}</span>
            </div>
            <div className="fund-hint">
              {t('assets.limitsHint', {
                min: cfg?.withdraw_min,
                max: cfg && cfg.withdraw_max !== '0' ? cfg.withdraw_max : '∞',
                daily: cfg && cfg.withdraw_daily_limit !== '0' ? cfg.withdraw_daily_limit : '∞',
              })}
            </div>
            {info.data.code_required && (
              <>
                <div className="fund-label">{t('assets.code')}</div>
                <div className="amount-box">
                  <Input
                    value={code}
                    onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
                    inputMode="numeric"
                    placeholder={t('assets.enterCode')}
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
          <div className="fund-actions">
            <Button
              block
              color="primary"
              size="large"
              loading={busy}
              onClick={() => void submit()}
              data-testid="withdraw-submit"
            >
              {t('assets.withdrawTitle')}
            </Button>
          </div>
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
                {formatAmount(w.amount, 8)} {w.currency_name}
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
