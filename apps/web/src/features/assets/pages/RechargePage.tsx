/**
 * /pages/fund/recharge?currency=id: the user's own deposit address (copy, QR code, save the QR
 * image) from the chain module, or — for the bank channel ("Bank transfer (USD)") and whenever the
 * user prefers — a manual deposit with a payment proof that an operator confirms. A coin the
 * server does not offer for deposit shows that, with the way back to the coin choice.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, ImageUploader, Skeleton, Tabs, Toast, type ImageUploadItem } from 'antd-mobile';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { BankChannel, Deposit } from '@bourse/contract';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { StateView } from '../../../ui/StateView';
import { CloudOffIcon, InboxIcon } from '../../../ui/icons';
import { uploadImage } from '../../account/api/account';
import { coinLabel, coinUnit, useCoins, useDepositAddress, usePaged, useWalletInfo } from '../api/assets';
import { AmountField, CoinSelect, FundPageHeader, FundRow } from '../components/FundForm';
import { formatWhen, StatusTag, useCopy } from '../components/shared';
import { checkAmount } from '../../../lib/amountCheck';
import { formatAmount } from '../../../lib/format';
import '../assets.css';

export default function RechargePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currencyId = Number(params.get('currency')) || null;
  const coins = useCoins();
  const coin = coins.data?.find((c) => c.id === currencyId) ?? null;
  const isBank = Boolean(coin?.isFiat);
  const [tab, setTab] = useState<'address' | 'manual'>('address');
  const mode = isBank ? 'manual' : tab;
  const address = useDepositAddress(currencyId, Boolean(coin) && !isBank);
  const copy = useCopy();
  const qrRef = useRef<HTMLDivElement>(null);

  const saveQr = () => {
    const canvas = qrRef.current?.querySelector('canvas');
    if (!canvas || !address.data) return;
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = `deposit-${coin ? coinLabel(coin).replace(/\s/g, '-') : 'address'}.png`;
    a.click();
    Toast.show({ icon: 'success', content: t('assets.savedToAlbum') });
  };

  if (!currencyId) return <Navigate to={`${PATHS.selectCoin}?to=recharge`} replace />;

  if (coins.isSuccess && !coin?.can_deposit)
    return (
      <div className="page fund-page" data-testid="page-recharge">
        <FundPageHeader title={t('assets.rechargeTitle')} recordsTab="deposits" />
        <StateView
          icon={<InboxIcon />}
          fullPage
          title={t('assets.depositNotOffered')}
          description={t('assets.notOfferedHint')}
          testId="deposit-not-offered"
        >
          <Button color="primary" onClick={() => void navigate(`${PATHS.selectCoin}?to=recharge`)}>
            {t('assets.chooseCoin')}
          </Button>
        </StateView>
      </div>
    );

  return (
    <div className="page fund-page" data-testid="page-recharge">
      <FundPageHeader title={t('assets.rechargeTitle')} recordsTab="deposits" />
      <div className="fund-card">
        <CoinSelect
          coin={coin}
          placeholder={t('common.loading')}
          onClick={() => void navigate(`${PATHS.selectCoin}?to=recharge`)}
          testId="recharge-coin"
        />
        {!isBank && (
          <Tabs activeKey={mode} onChange={(k) => setTab(k as 'address' | 'manual')}>
            <Tabs.Tab key="address" title={t('assets.depositAddress')} />
            <Tabs.Tab key="manual" title={t('assets.manualDeposit')} />
          </Tabs>
        )}
      </div>
      {isBank && <BankChannelCard currencyId={currencyId} />}

      {mode === 'address' && (
        <div className="fund-card" data-testid="deposit-address-card">
          {address.isPending ? (
            <Skeleton.Paragraph lineCount={6} animated />
          ) : address.isError ? (
            <StateView
              icon={<CloudOffIcon />}
              title={t('assets.addressUnavailable')}
              description={address.error.message || t('assets.addressUnavailableHint')}
            >
              <Button size="small" onClick={() => setTab('manual')}>
                {t('assets.manualDeposit')}
              </Button>
            </StateView>
          ) : (
            <>
              {address.data.demo && <div className="fund-hint">{t('assets.demoAddress')}</div>}
              <div className="qr-box" ref={qrRef} data-testid="deposit-qr">
                <QRCodeCanvas value={address.data.address} size={168} marginSize={2} />
              </div>
              <div className="address-text-lg num" data-testid="deposit-address">
                {address.data.address}
              </div>
              <FundRow label={t('assets.network')} plain>
                {address.data.chain}
              </FundRow>
              <FundRow label={t('assets.minDeposit')}>
                {address.data.min_deposit} {coin?.name ?? ''}
              </FundRow>
              <div className="fund-hint">
                {t('assets.confirmationsHint', { n: address.data.confirmations })}
              </div>
              <div
                className="fund-actions"
                style={{ display: 'flex', gap: '0.16rem', margin: '0.24rem 0 0' }}
              >
                <Button
                  block
                  color="primary"
                  onClick={() => void copy(address.data.address)}
                  data-testid="copy-address"
                >
                  {t('assets.copyAddress')}
                </Button>
                <Button block onClick={saveQr} data-testid="save-qr">
                  {t('assets.saveQr')}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
      {mode === 'manual' && coin && (
        <ManualDeposit
          currencyId={coin.id}
          decimals={coin.decimals}
          label={isBank ? coinUnit(coin) : coinLabel(coin)}
        />
      )}
      <RecentDeposits currencyId={currencyId} />
    </div>
  );
}

/** The bank channel: the platform's receiving bank account (operator setting) the user pays into, each field copyable. */
function BankChannelCard({ currencyId }: { currencyId: number }) {
  const { t } = useTranslation();
  const info = useWalletInfo(currencyId);
  const copy = useCopy();
  if (info.isPending)
    return (
      <div className="fund-card">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  const ch: BankChannel | null | undefined = info.data?.bank_channel;
  if (!ch)
    return (
      <div className="fund-card" data-testid="bank-channel">
        <div className="fund-hint">{t('assets.bankChannelHint')}</div>
      </div>
    );
  const rows: Array<[string, string]> = [
    [t('identity.bankName'), ch.bank_name],
    [t('identity.accountName'), ch.account_name],
    [t('assets.accountNumber'), ch.account_number],
    [t('identity.bankBranch'), ch.branch],
    [t('identity.swift'), ch.swift],
  ];
  return (
    <div className="fund-card" data-testid="bank-channel">
      <h3>{t('assets.bankPayTo')}</h3>
      {rows
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <button
            key={label}
            type="button"
            className="fund-row bank-row"
            onClick={() => void copy(value)}
            aria-label={`${t('identity.copy')} ${label}`}
          >
            <span>{label}</span>
            <span className="num">
              {value} <span className="link-button">{t('identity.copy')}</span>
            </span>
          </button>
        ))}
      {ch.note && <div className="fund-hint">{ch.note}</div>}
    </div>
  );
}

function ManualDeposit({
  currencyId,
  decimals,
  label,
}: {
  currencyId: number;
  decimals: number;
  label: string;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [amount, setAmount] = useState('');
  const [files, setFiles] = useState<ImageUploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  // The stored proof is private (served only with the session token), so the preview shows the
  // picture from this device through an object URL; the server's reference rides in `extra`.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const u of urls) URL.revokeObjectURL(u);
      urls.clear();
    };
  }, []);
  const changeFiles = (next: ImageUploadItem[]) => {
    for (const f of files) {
      if (next.includes(f) || !previews.current.has(f.url)) continue;
      URL.revokeObjectURL(f.url);
      previews.current.delete(f.url);
    }
    setFiles(next);
  };
  const uploadProof = async (file: File): Promise<ImageUploadItem> => {
    const ref = await uploadImage(file);
    const url = URL.createObjectURL(file);
    previews.current.add(url);
    return { url, extra: { ref } };
  };
  const submit = async () => {
    // Entered, a plain positive decimal, not more places than the coin shows (the shared parser).
    const problem = checkAmount(amount, { decimals, unit: label });
    if (problem) return Toast.show({ content: t(problem.key, problem.values) });
    const proof = (files[0]?.extra as { ref?: string } | undefined)?.ref;
    if (!proof) return Toast.show({ content: t('assets.proofRequired') });
    setBusy(true);
    try {
      await api.post('/wallet/charge_req', {
        currency: currencyId,
        amount: amount.trim(),
        proof,
      });
      Toast.show({ icon: 'success', content: t('assets.depositSubmitted') });
      setAmount('');
      changeFiles([]);
      await qc.invalidateQueries({ queryKey: ['assets', 'deposits'] });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="fund-card" data-testid="manual-deposit">
      <h3>{t('assets.manualDeposit')}</h3>
      <AmountField value={amount} onChange={setAmount} testId="manual-amount" unit={label} />
      <div className="fund-label">{t('assets.proof')}</div>
      <ImageUploader
        value={files}
        onChange={changeFiles}
        maxCount={1}
        upload={uploadProof}
        data-testid="proof-uploader"
      />
      <div className="fund-hint">{t('assets.manualHint', { decimals })}</div>
      <Button
        block
        color="primary"
        loading={busy}
        onClick={() => void submit()}
        style={{ marginTop: '0.24rem' }}
        data-testid="manual-submit"
      >
        {t('assets.submit')}
      </Button>
    </div>
  );
}

function RecentDeposits({ currencyId }: { currencyId: number }) {
  const { t } = useTranslation();
  const q = usePaged<Deposit>(['deposits'], 'GET', '/recharge/log', { currency: currencyId });
  const items = q.data?.pages.flatMap((p) => p.data).slice(0, 5) ?? [];
  if (items.length === 0) return null;
  return (
    <div className="fund-card">
      <h3>{t('assets.recentDeposits')}</h3>
      {items.map((d) => (
        <div key={d.id} className="fund-row" data-testid="deposit-item">
          <span>{formatWhen(d.created_at)}</span>
          <span className="num">{formatAmount(d.amount, 8)}</span>
          <StatusTag status={d.status} />
        </div>
      ))}
    </div>
  );
}
