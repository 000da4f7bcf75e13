/** /pages/fund/transfer: move funds between the user's own accounts (from/to with swap), after a confirmation dialog. */
import { ACCOUNT_TYPES, type AccountType } from '@bourse/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, Picker, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { formatAmount } from '../../../lib/format';
import { CoinIcon } from '../../../ui/CoinIcon';
import { PageHeader } from '../../../ui/PageHeader';
import { coinLabel, newIdempotencyKey, useCoins } from '../api/assets';
import { useWalletList } from '../api/wallet';
import { CoinPicker } from '../components/shared';
import { SwapIcon } from '../components/icons';
import '../assets.css';

const TYPES = Object.entries(ACCOUNT_TYPES) as Array<[keyof typeof ACCOUNT_TYPES, AccountType]>;
const nameOf = (type: AccountType) => TYPES.find(([, v]) => v === type)![0];

export default function TransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const coins = useCoins();
  const wallet = useWalletList();
  const [coinId, setCoinId] = useState<number | null>(null);
  const [from, setFrom] = useState<AccountType>(ACCOUNT_TYPES.change);
  const [to, setTo] = useState<AccountType>(ACCOUNT_TYPES.micro);
  const [amount, setAmount] = useState('');
  const [picking, setPicking] = useState<'coin' | 'from' | 'to' | null>(null);
  const [busy, setBusy] = useState(false);
  const [idemKey, setIdemKey] = useState(newIdempotencyKey);
  const coin = coins.data?.find((c) => c.id === coinId) ?? coins.data?.find((c) => !c.isFiat) ?? null;
  const fee = useQuery({
    queryKey: ['assets', 'transfer-fee', coin?.id],
    queryFn: ({ signal }) =>
      api.post<{ fee: string }>(
        '/user/getTransferFee',
        { currency_id: coin!.id },
        { signal, loading: false },
      ),
    enabled: Boolean(coin),
  });
  const available =
    wallet.data?.accounts.find((a) => a.account_type === from && a.currency_id === coin?.id)?.available ??
    '0';
  const typeOptions = [TYPES.map(([k, v]) => ({ label: t(`assets.types.${k}`), value: String(v) }))];

  const submit = async () => {
    if (!coin) return;
    if (!amount.trim()) return Toast.show({ content: t('assets.enterAmount') });
    const ok = await Dialog.confirm({
      title: t('assets.confirmTransferTitle'),
      content: (
        <div data-testid="transfer-confirm">
          {t('assets.confirmTransfer', {
            amount,
            coin: coinLabel(coin),
            from: t(`assets.types.${nameOf(from)}`),
            to: t(`assets.types.${nameOf(to)}`),
          })}
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await api.post('/wallet/change', {
        currency_id: coin.id,
        number: amount.trim(),
        from_field: from,
        to_field: to,
        idempotency_key: idemKey,
      });
      Toast.show({ icon: 'success', content: t('assets.transferSuccess') });
      setAmount('');
      setIdemKey(newIdempotencyKey());
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['wallet-list'] }),
        qc.invalidateQueries({ queryKey: ['assets'] }),
      ]);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page fund-page" data-testid="page-transfer">
      <PageHeader
        title={t('assets.transferTitle')}
        fallback={PATHS.assets}
        right={
          <button
            type="button"
            className="header-action link-button"
            onClick={() => void navigate(`${PATHS.assetsRecord}?tab=transfers`)}
          >
            {t('assets.actions.records')}
          </button>
        }
      />
      <div className="fund-card swap-box">
        <button
          type="button"
          className="fund-select"
          onClick={() => setPicking('from')}
          data-testid="transfer-from"
        >
          <span className="fund-label" style={{ margin: 0 }}>
            {t('assets.from')}
          </span>
          <span className="grow">{t(`assets.types.${nameOf(from)}`)}</span>
        </button>
        <button
          type="button"
          className="fund-select"
          onClick={() => setPicking('to')}
          data-testid="transfer-to"
        >
          <span className="fund-label" style={{ margin: 0 }}>
            {t('assets.to')}
          </span>
          <span className="grow">{t(`assets.types.${nameOf(to)}`)}</span>
        </button>
        <button
          type="button"
          className="swap-button"
          aria-label={t('assets.swap')}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
          data-testid="transfer-swap"
        >
          <SwapIcon />
        </button>
      </div>
      <div className="fund-card">
        <button
          type="button"
          className="fund-select"
          onClick={() => setPicking('coin')}
          data-testid="transfer-coin"
        >
          {coin && <CoinIcon name={coin.name} image={coin.image} color={coin.color} size={0.5} />}
          <span className="grow">{coin ? coinLabel(coin) : t('common.loading')}</span>
          <span className="link-button">{t('assets.change')}</span>
        </button>
        <div className="fund-label">{t('assets.amount')}</div>
        <div className="amount-box">
          <Input
            value={amount}
            onChange={(v) => setAmount(v.replace(/[^\d.]/g, ''))}
            inputMode="decimal"
            placeholder={t('assets.enterAmount')}
            data-testid="transfer-amount"
          />
          <button type="button" className="link-button" onClick={() => setAmount(available)}>
            {t('assets.all')}
          </button>
        </div>
        <div className="fund-row">
          <span>{t('assets.available')}</span>
          <span className="num" data-testid="transfer-available">
            {formatAmount(available, coin?.decimals)}
          </span>
        </div>
        <div className="fund-row">
          <span>{t('assets.fee')}</span>
          <span className="num">{fee.data?.fee ?? '--'}</span>
        </div>
      </div>
      <div className="fund-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={from === to || !coin}
          onClick={() => void submit()}
          data-testid="transfer-submit"
        >
          {t('assets.transferTitle')}
        </Button>
        {from === to && <div className="fund-hint">{t('assets.sameAccount')}</div>}
      </div>
      <CoinPicker
        visible={picking === 'coin'}
        coins={coins.data ?? []}
        onClose={() => setPicking(null)}
        onPick={(c) => {
          setCoinId(c.id);
          setPicking(null);
        }}
      />
      <Picker
        columns={typeOptions}
        visible={picking === 'from' || picking === 'to'}
        value={[String(picking === 'to' ? to : from)]}
        onClose={() => setPicking(null)}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={(v) => {
          const type = Number(v[0]) as AccountType;
          if (picking === 'to') setTo(type);
          else setFrom(type);
        }}
      />
    </div>
  );
}
