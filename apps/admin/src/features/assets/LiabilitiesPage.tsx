/** Console: what the platform owes per currency (users' available + frozen) against the system accounts. */
import { useQuery } from '@tanstack/react-query';
import { Table, Tag, type TableColumnsType } from 'antd';
import type { Liability } from '@bourse/contract';
import { assetsApi, assetsKeys } from '../../api/assets';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

export default function LiabilitiesPage() {
  const q = useQuery({
    queryKey: assetsKeys.liabilities,
    queryFn: assetsApi.liabilities,
    refetchInterval: 10_000,
  });
  const columns: TableColumnsType<Liability> = [
    { title: 'Currency', render: (_, r) => `${r.name} ${r.sub_name}` },
    {
      title: 'Users available',
      dataIndex: 'users_available',
      render: (v: string) => <span className="mono">{v}</span>,
    },
    {
      title: 'Users frozen',
      dataIndex: 'users_frozen',
      render: (v: string) => <span className="mono">{v}</span>,
    },
    { title: 'Owed to users', dataIndex: 'users_total', render: (v: string) => <b className="mono">{v}</b> },
    { title: 'Holders', dataIndex: 'holders' },
    {
      title: 'Pending withdrawals',
      render: (_, r) => (
        <span className="mono">{`${r.pending_withdrawals} (${r.pending_withdrawal_count})`}</span>
      ),
    },
    {
      title: 'System accounts',
      render: (_, r) => (
        <span className="mono">
          {r.system.map((s) => (
            <div key={s.code}>{`${s.code}: ${s.balance}`}</div>
          ))}
        </span>
      ),
    },
    {
      title: 'Books',
      render: (_, r) => (
        <Tag color={r.balanced ? 'green' : 'red'} data-testid="liability-balanced">
          {r.balanced ? 'balanced' : 'NOT balanced'}
        </Tag>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="Liabilities"
        description="Per currency: user balances (what the platform owes) and the system accounts. external < 0 is money that came in through chains and banks; demo < 0 is demo credit; users + system accounts sum to zero."
      />
      {q.isError ? <QueryError error={q.error} onRetry={q.refetch} what="liabilities" /> : null}
      <Table<Liability>
        rowKey="currency_id"
        size="small"
        loading={q.isPending}
        dataSource={q.data ?? []}
        columns={columns}
        pagination={false}
        data-testid="liabilities-table"
      />
    </div>
  );
}
