/**
 * /pages/fund/transfer: move funds between the user's own accounts (from/to with swap), after a
 * confirmation dialog — opened only for an amount the source account holds (checked exactly here,
 * again by the server). `?to=3` (an account type) preselects the destination, as the leverage
 * screen's "Transfer in" does.
 */
import { ACCOUNT_TYPES, type AccountType } from '@bourse/contract';
import { parseUnits } from '@bourse/money';
import { useQuery } from '@tanstack/react-query';
import { Picker, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { amountForInput, checkAmount } from '../../../lib/amountCheck';
import { formatAmount } from '../../../lib/format';
import { coinLabel, coinUnit, newIdempotencyKey, useCoins } from '../api/assets';
import { useWalletList } from '../api/wallet';
import { AmountField, CoinSelect, FundPageHeader, FundRow, FundSubmit } from '../components/FundForm';
import { CoinPicker } from '../components/shared';
import { SwapIcon } from '../components/icons';
import { useFundAction } from '../components/useFundAction';
import '../assets.css';

const TYPES = Object.entries(ACCOUNT_TYPES) as Array<[keyof typeof ACCOUNT_TYPES, AccountType]>;
const nameOf = (type: AccountType) => TYPES.find(([, v]) => v === type)![0];

/** One side of the transfer: "From"/"To" and the account type, opening the type picker. */
function AccountSelect({
  label,
  type,
  onClick,
  testId,
}: {
  label: string;
  type: AccountType;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <button type="button" className="fund-select" onClick={onClick} data-testid={testId}>
      <span className="fund-label" style={{ margin: 0 }}>
        {label}
      </span>
      <span className="grow">{t(`assets.types.${nameOf(type)}`)}</span>
    </button>
  );
}

export default function TransferPage() {
  const { t } = useTranslation();
  const coins = useCoins();
  const wallet = useWalletList();
  const [coinId, setCoinId] = useState<number | null>(null);
  const [params] = useSearchParams();
  const asked = TYPES.find(([, v]) => String(v) === params.get('to'))?.[1];
  const [from, setFrom] = useState<AccountType>(asked === ACCOUNT_TYPES.change ? ACCOUNT_TYPES.micro : ACCOUNT_TYPES.change);
  const [to, setTo] = useState<AccountType>(asked ?? ACCOUNT_TYPES.micro);
  const [amount, setAmount] = useState('');
  const [picking, setPicking] = useState<'coin' | 'from' | 'to' | null>(null);
  const { busy, confirm, send } = useFundAction();
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
  // Unknown until the balances load (then not checked here; the server still checks).
  const balance = wallet.data
    ? (wallet.data.accounts.find((a) => a.account_type === from && a.currency_id === coin?.id)?.available ?? '0')
    : null;
  const available = balance ?? '0';
  // The amount (entered, places, available), then the fee, which comes out of the amount.
  const amountProblem = (): string | null => {
    if (!coin) return null;
    const check = checkAmount(amount, { decimals: coin.decimals, unit: coin.name, available: balance });
    if (check) return t(check.key, check.values);
    const feeText = fee.data?.fee;
    if (feeText && parseUnits(amount.trim(), coin.decimals) <= parseUnits(feeText, coin.decimals, 'down')) {
      return t('validate.belowFee', { fee: formatAmount(feeText, coin.decimals, 0), unit: coin.name });
    }
    return null;
  };
  const problem = amount.trim() ? amountProblem() : null;
  const typeOptions = [TYPES.map(([k, v]) => ({ label: t(`assets.types.${k}`), value: String(v) }))];

  const submit = async () => {
    if (!coin) return;
    const stop = amountProblem();
    if (stop) return Toast.show({ content: stop });
    const ok = await confirm(
      t('assets.confirmTransferTitle'),
      'transfer-confirm',
      t('assets.confirmTransfer', {
        amount,
        coin: coin.isFiat ? coinUnit(coin) : coinLabel(coin),
        from: t(`assets.types.${nameOf(from)}`),
        to: t(`assets.types.${nameOf(to)}`),
      }),
    );
    if (!ok) return;
    await send(
      () =>
        api.post('/wallet/change', {
          currency_id: coin.id,
          number: amount.trim(),
          from_field: from,
          to_field: to,
          idempotency_key: idemKey,
        }),
      t('assets.transferSuccess'),
      () => {
        setAmount('');
        setIdemKey(newIdempotencyKey());
      },
    );
  };

  return (
    <div className="page fund-page" data-testid="page-transfer">
      <FundPageHeader title={t('assets.transferTitle')} recordsTab="transfers" />
      <div className="fund-card swap-box">
        <AccountSelect
          label={t('assets.from')}
          type={from}
          onClick={() => setPicking('from')}
          testId="transfer-from"
        />
        <AccountSelect
          label={t('assets.to')}
          type={to}
          onClick={() => setPicking('to')}
          testId="transfer-to"
        />
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
        <CoinSelect
          coin={coin}
          placeholder={t('common.loading')}
          onClick={() => setPicking('coin')}
          testId="transfer-coin"
        />
        <AmountField
          value={amount}
          onChange={setAmount}
          testId="transfer-amount"
          onAll={() => coin && setAmount(amountForInput(available, coin.decimals))}
        />
        <FundRow label={t('assets.available')} testId="transfer-available">
          {formatAmount(available, coin?.decimals)}
        </FundRow>
        <FundRow label={t('assets.fee')}>{fee.data?.fee ?? '--'}</FundRow>
      </div>
      <FundSubmit
        busy={busy}
        disabled={from === to || !coin}
        onSubmit={submit}
        testId="transfer-submit"
        hint={
          from === to ? (
            <div className="fund-hint">{t('assets.sameAccount')}</div>
          ) : (
            problem && (
              <div className="fund-hint fund-problem" data-testid="transfer-problem">
                {problem}
              </div>
            )
          )
        }
      >
        {t('assets.transferTitle')}
      </FundSubmit>
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
