import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { CoinIcon } from '../../../ui/CoinIcon';
import type { WalletAccount } from '../api/wallet';

/** One currency balance in an account: available and frozen, exact to the currency's decimals. */
export function AccountRow({ account }: { account: WalletAccount }) {
  const { t } = useTranslation();
  const { currency } = account;
  return (
    <div className="account-row" data-testid={`balance-${currency.name}`}>
      <div className="account-coin">
        <CoinIcon name={currency.name} image={currency.image} color={currency.color} size={0.6} />
        <div>
          <div className="account-name">{currency.name}</div>
          {currency.subName && <div className="account-sub">{currency.subName}</div>}
        </div>
      </div>
      <div className="account-figures">
        <div className="figure">
          <span className="figure-label">{t('assets.available')}</span>
          <span className="figure-value num" data-testid="available">
            {formatAmount(account.available, currency.decimals)}
          </span>
        </div>
        <div className="figure">
          <span className="figure-label">{t('assets.frozen')}</span>
          <span className="figure-value num">{formatAmount(account.frozen, currency.decimals)}</span>
        </div>
      </div>
    </div>
  );
}
