/** Assets (protected): total, account-type tabs (legal, change, lever, micro), balances. */
import { ACCOUNT_TYPES, type AccountType, type WalletAccount } from '@bourse/contract';
import { Dec } from '@bourse/money';
import { PullToRefresh, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { formatAmount } from '../../../lib/format';
import { DepositIcon, InboxIcon, UserIcon, WithdrawIcon } from '../../../ui/icons';
import { ExchangeIcon, RecordIcon, TransferIcon } from '../components/icons';
import '../assets.css';
import { StateView } from '../../../ui/StateView';
import { QueryError } from '../../../ui/QueryError';
import { fiatSymbol, useFiat } from '../../platform/api/fiat';
import { toFiat } from '../api/fiatValue';
import { useDemoMode } from '../../platform/api/settings';
import { DemoBadge } from '../../../ui/DemoBadge';
import { AccountRow } from '../components/AccountRow';
import { useWalletList } from '../api/wallet';

const TYPE_KEYS = Object.keys(ACCOUNT_TYPES) as (keyof typeof ACCOUNT_TYPES)[];

function hasBalance(a: WalletAccount): boolean {
  try {
    return !new Dec(a.available || '0').isZero() || !new Dec(a.frozen || '0').isZero();
  } catch {
    return false;
  }
}

/** The first account type holding a balance, so the user lands on their money. */
function defaultType(accounts: WalletAccount[]): AccountType {
  for (const key of TYPE_KEYS) {
    const type = ACCOUNT_TYPES[key];
    if (accounts.some((a) => a.account_type === type && hasBalance(a))) return type;
  }
  return ACCOUNT_TYPES.legal;
}

export default function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const { code, rate } = useFiat();
  const wallet = useWalletList();
  const [selected, setSelected] = useState<AccountType | null>(null);
  const accounts = wallet.data?.accounts ?? [];
  const total = wallet.data?.total_usdt ?? null;
  const active = selected ?? defaultType(accounts);
  // Holdings first, then the rest in the server's order.
  const rows = accounts
    .filter((a) => a.account_type === active)
    .sort((a, b) => Number(hasBalance(b)) - Number(hasBalance(a)));

  return (
    <div className="page assets-page" data-testid="page-assets">
      <header className="tab-header">
        <h1>
          {t('assets.title')}
          {demo && <DemoBadge />}
        </h1>
        <button
          type="button"
          className="icon-button"
          onClick={() => void navigate(PATHS.settings)}
          aria-label={t('settings.title')}
          data-testid="open-me"
        >
          <UserIcon />
        </button>
      </header>
      <PullToRefresh
        onRefresh={async () => {
          await wallet.refetch();
        }}
        pullingText={t('pull.pulling')}
        canReleaseText={t('pull.canRelease')}
        refreshingText={t('pull.refreshing')}
        completeText={t('pull.complete')}
      >
        <div className="total-card" data-testid="assets-total">
          <div className="total-label">{t('assets.total')}</div>
          {wallet.isPending ? (
            <span className="total-value-skeleton" data-testid="total-loading" />
          ) : (
            <div className="total-value num" data-testid="total-usdt">
              {total ? formatAmount(total, 2) : '--'}
            </div>
          )}
          <div className="total-fiat num">
            {total
              ? `≈ ${fiatSymbol(code)}${toFiat(total, rate)}`
              : wallet.data
                ? t('assets.totalPending')
                : '\u00a0'}
          </div>
        </div>
        <nav className="asset-actions" aria-label={t('assets.title')}>
          {(
            [
              ['recharge', `${PATHS.selectCoin}?to=recharge`, <DepositIcon key="i" />],
              ['withdraw', `${PATHS.selectCoin}?to=withdraw`, <WithdrawIcon key="i" />],
              ['transfer', PATHS.transfer, <TransferIcon key="i" />],
              ['exchange', PATHS.exchange, <ExchangeIcon key="i" />],
              ['records', PATHS.assetsRecord, <RecordIcon key="i" />],
            ] as const
          ).map(([key, to, icon]) => (
            <button
              key={key}
              type="button"
              className="asset-action"
              onClick={() => void navigate(to)}
              data-testid={`action-${key}`}
            >
              <span className="asset-action-icon">{icon}</span>
              <span>{t(`assets.actions.${key}`)}</span>
            </button>
          ))}
        </nav>
        <Tabs
          activeKey={String(active)}
          onChange={(key) => setSelected(Number(key) as AccountType)}
          className="account-tabs"
        >
          {TYPE_KEYS.map((key) => (
            <Tabs.Tab key={String(ACCOUNT_TYPES[key])} title={t(`assets.types.${key}`)} />
          ))}
        </Tabs>
        <div className="account-list">
          {wallet.isPending ? (
            <div className="list-skeleton" data-testid="assets-loading" aria-busy="true">
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={4} animated />
            </div>
          ) : wallet.isError ? (
            <QueryError compact onRetry={() => void wallet.refetch()} />
          ) : rows.length === 0 ? (
            <StateView icon={<InboxIcon />} title={t('assets.empty')} testId="assets-empty" />
          ) : (
            rows.map((a) => <AccountRow key={`${a.account_type}-${a.currency_id}`} account={a} />)
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
