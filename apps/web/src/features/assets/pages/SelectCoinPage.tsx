/**
 * /pages/fund/select: the coin picker (USDT ERC20, USDT TRC20, ETH, BTC, the bank
 * channel) before deposit or withdrawal: only the coins the server offers for that direction.
 */
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { InboxIcon } from '../../../ui/icons';
import { useCoins } from '../api/assets';
import { CoinRow } from '../components/shared';
import '../assets.css';

export default function SelectCoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = params.get('to') === 'withdraw' ? 'withdraw' : 'recharge';
  const coins = useCoins(to === 'withdraw' ? 'withdraw' : 'deposit');
  const list = coins.data ?? [];
  return (
    <div className="page fund-page" data-testid="page-select-coin">
      <PageHeader
        title={t(to === 'withdraw' ? 'assets.withdrawTitle' : 'assets.rechargeTitle')}
        fallback={PATHS.assets}
      />
      <div className="fund-card">
        <h3>{t('assets.chooseCoin')}</h3>
        {coins.isPending ? (
          <Skeleton.Paragraph lineCount={5} animated />
        ) : coins.isError ? (
          <QueryError compact onRetry={() => void coins.refetch()} />
        ) : list.length === 0 ? (
          <StateView icon={<InboxIcon />} title={t('assets.noCoins')} />
        ) : (
          list.map((c) => (
            <CoinRow
              key={c.id}
              coin={c}
              onClick={() =>
                void navigate(`${to === 'withdraw' ? PATHS.withdraw : PATHS.recharge}?currency=${c.id}`)
              }
            />
          ))
        )}
      </div>
    </div>
  );
}
