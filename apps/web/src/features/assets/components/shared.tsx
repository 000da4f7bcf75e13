/** Small pieces shared by the asset-centre pages: coin picker, status tag, copy, record list footer. */
import { Popup, SearchBar, Tag, Toast } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserCoin, WalletCoin } from '@bourse/contract';
import { formatAmount } from '../../../lib/format';
import { formatDate } from '../../../lib/time';
import { CoinIcon } from '../../../ui/CoinIcon';
import { coinLabel, coinUnit, useCoins } from '../api/assets';

/** A record's time as YYYY-MM-DD HH:mm:ss in local time: the same in every UI language (the
 * browser's own locale format would ignore the language chosen in the app). */
export function formatWhen(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) return '--';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(ms)} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export function useCopy() {
  const { t } = useTranslation();
  return async (text: string) => {
    if (await copyText(text)) Toast.show({ icon: 'success', content: t('assets.copySuccess') });
  };
}

/**
 * A coin as users read it: "USDT ERC20", "ETH" — and the bank channel (a fiat coin, stored as
 * BANKCARD) as "Bank transfer (USD)", never as a currency called BANKCARD.
 */
export function useCoinLabel(): (c: WalletCoin) => string {
  const { t } = useTranslation();
  return (c) => (c.isFiat ? t('assets.bankTransferOf', { currency: coinUnit(c) }) : coinLabel(c));
}

/**
 * The unit of a record's amounts by its currency id: the coin's name, or for the bank channel
 * its fiat currency; `fallback` (the record's own currency name) until the coin list is loaded.
 */
export function useCoinUnits(): (currencyId: number | undefined, fallback: string) => string {
  const coins = useCoins();
  return (id, fallback) => {
    const c = coins.data?.find((x) => x.id === id);
    return c ? coinUnit(c) : fallback;
  };
}

/**
 * A record's coin as users read it, by its currency id (the bank channel as "Bank transfer (USD)");
 * the record's own names until the coin list is loaded.
 */
export function useRecordCoin(): (currencyId: number, name: string, subName: string) => string {
  const coins = useCoins();
  const label = useCoinLabel();
  return (id, name, subName) => {
    const c = coins.data?.find((x) => x.id === id);
    return c ? label(c) : `${name} ${subName}`.trim();
  };
}

/** Bottom sheet listing coins with the user's balance (coin list). */
export function CoinPicker({
  visible,
  coins,
  onClose,
  onPick,
  filter,
}: {
  visible: boolean;
  coins: UserCoin[];
  onClose: () => void;
  onPick: (c: UserCoin) => void;
  filter?: (c: UserCoin) => boolean;
}) {
  const { t } = useTranslation();
  const label = useCoinLabel();
  const [q, setQ] = useState('');
  const list = coins
    .filter((c) => (filter ? filter(c) : true))
    .filter((c) => label(c).toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="coin-picker" destroyOnClose>
      <div className="coin-picker-head">{t('assets.chooseCoin')}</div>
      <SearchBar placeholder={t('assets.searchCoin')} value={q} onChange={setQ} />
      <div className="coin-list">
        {list.map((c) => (
          <CoinRow key={c.id} coin={c} onClick={() => onPick(c)} />
        ))}
      </div>
    </Popup>
  );
}

export function CoinRow({ coin, onClick, right }: { coin: UserCoin; onClick: () => void; right?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="coin-row"
      onClick={onClick}
      data-testid={`coin-${coin.name}${coin.subName ? `-${coin.subName}` : ''}`}
    >
      <CoinIcon name={coin.name} image={coin.image} color={coin.color} size={0.6} />
      {coin.isFiat ? (
        // The bank channel: named as a channel with its currency, e.g. "Bank transfer" · USD.
        <span className="coin-row-name">
          {t('assets.bankTransfer')}
          <span className="coin-sub">{coinUnit(coin)}</span>
        </span>
      ) : (
        <span className="coin-row-name">
          {coin.name}
          {coin.subName && <span className="coin-sub">{coin.subName}</span>}
        </span>
      )}
      <span className="coin-row-right num">{right ?? formatAmount(coin.available, coin.decimals)}</span>
    </button>
  );
}

const STATUS_COLOR: Record<string, 'primary' | 'success' | 'warning' | 'danger' | 'default'> = {
  review: 'warning',
  approved: 'primary',
  sent: 'primary',
  completed: 'success',
  credited: 'success',
  rejected: 'danger',
};

type StatusName = 'review' | 'approved' | 'sent' | 'completed' | 'credited' | 'rejected';

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} fill="outline" data-testid="status-tag">
      {t(`assets.status.${status as StatusName}`)}
    </Tag>
  );
}

export function ListEnd({ loading, hasMore, empty }: { loading: boolean; hasMore: boolean; empty: boolean }) {
  const { t } = useTranslation();
  if (loading || hasMore) return <span>{t('common.loading')}</span>;
  return <span data-testid="no-more">{empty ? '' : t('assets.noMore')}</span>;
}
