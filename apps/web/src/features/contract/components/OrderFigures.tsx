/** Status tag and profit of a contract order, coloured by sign. */
import { useTranslation } from 'react-i18next';
import type { ContractOrder } from '@bourse/contract';

export function StatusTag({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  return (
    <span className={`contract-status contract-status-${order.status}`} data-testid="order-status">
      {t(`contract.status.${order.status}`)}
    </span>
  );
}

export function Profit({ order }: { order: ContractOrder }) {
  if (order.profit === null) return <span className="num">--</span>;
  const sign = order.profit.startsWith('-') ? 'down' : order.profit === '0' ? 'flat' : 'up';
  return (
    <span className={`num change-${sign}`} data-testid="order-profit">
      {sign === 'up' ? '+' : ''}
      {order.profit}
    </span>
  );
}

export function DirectionTag({ order }: { order: ContractOrder }) {
  const { t } = useTranslation();
  return <span className={`contract-dir contract-dir-${order.direction}`}>{order.direction === 'up' ? t('contract.up') : t('contract.down')}</span>;
}
