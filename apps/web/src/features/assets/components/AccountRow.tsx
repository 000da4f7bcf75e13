import { useTranslation } from 'react-i18next';
import type { WalletAccount } from '@bourse/contract';
import { formatAmount } from '../../../lib/format';
import { CoinIcon } from '../../../ui/CoinIcon';
import { fiatSymbol, useFiat } from '../../platform/api/fiat';
import { toFiat } from '../api/fiatValue';
import { coinUnit } from '../api/assets';

/** One currency balance in an account: wallet balance, available, frozen and converted value. */
export function AccountRow({ account }: { account: WalletAccount }) {
  const { t } = useTranslation();
  const { code, rate } = useFiat();
  const { currency } = account;
  return (
    <div className="account-row" data-testid={`balance-${currency.name}`}>
      <div className="account-coin">
        <CoinIcon name={currency.name} image={currency.image} color={currency.color} size={0.6} />
        <div>
          {/* The bank channel's balance is in its fiat currency (e.g. USD), not a coin "BANKCARD". */}
          <div className="account-name">{coinUnit(currency)}</div>
          {currency.isFiat ? (
            <div className="account-sub">{t('assets.bankTransfer')}</div>
          ) : (
            currency.subName && <div className="account-sub">{currency.subName}</div>
          )}
        </div>
        <div className="account-balance">
          <span className="figure-label">{t('assets.walletBalance')}</span>
          <span className="figure-value num" data-testid="wallet-balance">
            {formatAmount(account.total, currency.decimals)}
          </span>
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
        <div className="figure">
          <span className="figure-label">{t('assets.converted')}</span>
          <span className="figure-value num" data-testid="converted">
            {account.usdt_value ? `${fiatSymbol(code)}${toFiat(account.usdt_value, rate)}` : '--'}
          </span>
        </div>
      </div>
    </div>
  );
}
