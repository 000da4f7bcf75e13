/** The listed currencies (icon + name + network), with loading, error and empty states. */
import { List, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyView } from '@bourse/contract';
import { CoinIcon } from '../../../ui/CoinIcon';
import { InboxIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { useCurrencies } from '../api/currencies';

export function CurrencyList({ extra }: { extra?: (currency: CurrencyView) => ReactNode }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useCurrencies();
  if (isPending) return <Skeleton.Paragraph lineCount={4} animated className="list-skeleton" />;
  if (isError) return <QueryError compact onRetry={() => void refetch()} />;
  if (data.length === 0) return <StateView icon={<InboxIcon />} title={t('home.noCurrencies')} />;
  return (
    <List className="currency-list" data-testid="currency-list">
      {data.map((c) => (
        <List.Item
          key={c.id}
          prefix={<CoinIcon name={c.name} image={c.image} color={c.color} />}
          description={c.subName || undefined}
          extra={extra?.(c)}
        >
          <span className="currency-name">{c.name}</span>
        </List.Item>
      ))}
    </List>
  );
}
