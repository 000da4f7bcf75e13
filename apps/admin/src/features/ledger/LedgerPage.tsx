import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { CurrencyTotals, ReconciliationViolation, SystemAccount } from '@bourse/contract';
import { adminApi, queryKeys } from '../../api/admin';
import { formatAmount, isZeroAmount } from '../../lib/format';
import { Amount } from '../../ui/Amount';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { ReconciliationCard, type LedgerStatus } from './ReconciliationCard';

const AUTO_REFRESH_MS = 60_000;

function currencyLabel(name: string, subName: string | null | undefined) {
  return (
    <Flex gap={6} align="center">
      <Typography.Text strong>{name}</Typography.Text>
      {subName ? <Tag style={{ marginInlineEnd: 0 }}>{subName}</Tag> : null}
    </Flex>
  );
}

const currencyColumns: TableColumnsType<CurrencyTotals> = [
  {
    title: 'Currency',
    key: 'currency',
    render: (_, row) => currencyLabel(row.name, row.sub_name),
  },
  { title: 'Decimals', dataIndex: 'decimals', align: 'right', width: 100 },
  {
    title: 'Users available',
    dataIndex: 'users_available',
    align: 'right',
    render: (_, row) => <Amount value={row.users_available} decimals={row.decimals} />,
  },
  {
    title: 'Users frozen',
    dataIndex: 'users_frozen',
    align: 'right',
    render: (_, row) => <Amount value={row.users_frozen} decimals={row.decimals} />,
  },
  {
    title: 'System total',
    dataIndex: 'system_total',
    align: 'right',
    render: (_, row) => <Amount value={row.system_total} decimals={row.decimals} warnNegative={false} />,
  },
  {
    title: 'Grand total',
    dataIndex: 'total',
    align: 'right',
    render: (_, row) =>
      isZeroAmount(row.total) ? (
        <Tag color="success" className="amount" style={{ marginInlineEnd: 0 }}>
          0 ✓
        </Tag>
      ) : (
        <Tag color="error" className="amount" style={{ marginInlineEnd: 0, fontWeight: 700 }} title={row.total}>
          {formatAmount(row.total, row.decimals)} ≠ 0
        </Tag>
      ),
  },
];

function systemAccountColumns(
  accounts: readonly SystemAccount[],
  decimalsOf: ReadonlyMap<number, number>,
): TableColumnsType<SystemAccount> {
  const currencies = [...new Set(accounts.map((a) => a.currency_name))].sort();
  const codes = [...new Set(accounts.map((a) => a.system_code ?? ''))].sort();
  return [
    { title: 'Account', dataIndex: 'account_id', width: 100, render: (id: number) => <span className="mono">#{id}</span> },
    {
      title: 'System code',
      dataIndex: 'system_code',
      render: (code: string) => <Tag className="mono">{code}</Tag>,
      filters: codes.map((c) => ({ text: c, value: c })),
      onFilter: (value, row) => row.system_code === value,
    },
    {
      title: 'Currency',
      dataIndex: 'currency_name',
      filters: currencies.map((c) => ({ text: c, value: c })),
      onFilter: (value, row) => row.currency_name === value,
    },
    {
      title: 'Available',
      dataIndex: 'available',
      align: 'right',
      render: (_, row) => (
        <Amount value={row.available} decimals={decimalsOf.get(row.currency_id)} warnNegative={!row.allow_negative} />
      ),
    },
    {
      title: 'Frozen',
      dataIndex: 'frozen',
      align: 'right',
      render: (_, row) => (
        <Amount value={row.frozen} decimals={decimalsOf.get(row.currency_id)} warnNegative={!row.allow_negative} />
      ),
    },
    {
      title: 'Negative balance',
      dataIndex: 'allow_negative',
      width: 150,
      render: (allowed: boolean) => (allowed ? <Tag color="purple">allowed</Tag> : <Tag>not allowed</Tag>),
    },
  ];
}

export default function LedgerPage() {
  const summary = useQuery({
    queryKey: queryKeys.ledgerSummary,
    queryFn: adminApi.ledgerSummary,
    refetchInterval: AUTO_REFRESH_MS,
  });
  const data = summary.data;

  const { status, violations } = useMemo((): { status: LedgerStatus; violations: ReconciliationViolation[] } => {
    if (!data) return { status: 'unknown', violations: [] };
    const found = [...data.reconciliation.violations];
    // Belt and braces: a non-zero grand total is an imbalance even if the check missed it.
    if (data.reconciliation.ok) {
      for (const c of data.currencies) {
        if (!isZeroAmount(c.total)) {
          found.push({
            kind: 'currency_total',
            detail: `${c.name}${c.sub_name ? ` (${c.sub_name})` : ''}: all accounts sum to ${c.total}, not 0`,
          });
        }
      }
    }
    return { status: data.reconciliation.ok && found.length === 0 ? 'balanced' : 'unbalanced', violations: found };
  }, [data]);

  const accountColumns = useMemo(
    () =>
      systemAccountColumns(
        data?.system_accounts ?? [],
        new Map((data?.currencies ?? []).map((c) => [c.currency_id, c.decimals])),
      ),
    [data],
  );

  return (
    <>
      <PageHeader
        title="Ledger"
        description="Double-entry books: reconciliation, totals per currency and the platform's system accounts."
      />
      {summary.isError ? (
        <QueryError what="the ledger summary" error={summary.error} onRetry={() => summary.refetch()} />
      ) : null}

      <ReconciliationCard
        status={status}
        reconciliation={data?.reconciliation}
        violations={violations}
        checking={summary.isFetching}
        onRecheck={() => void summary.refetch()}
      />

      <Card
        title="Totals per currency"
        extra={<Typography.Text type="secondary">Grand total = users + system; it must be 0</Typography.Text>}
        style={{ marginBottom: 24 }}
        styles={{ body: { padding: 0 } }}
      >
        <Table<CurrencyTotals>
          data-testid="ledger-currencies"
          rowKey="currency_id"
          columns={currencyColumns}
          dataSource={data?.currencies}
          loading={summary.isPending}
          pagination={false}
          rowClassName={(row) => (isZeroAmount(row.total) ? '' : 'total-row-alert')}
          locale={{ emptyText: summary.isPending ? ' ' : 'No currencies yet' }}
        />
      </Card>

      <Card
        title="System accounts"
        extra={<Typography.Text type="secondary">{data ? `${data.system_accounts.length} accounts` : ''}</Typography.Text>}
        styles={{ body: { padding: 0 } }}
      >
        <Table<SystemAccount>
          data-testid="ledger-system-accounts"
          rowKey="account_id"
          columns={accountColumns}
          dataSource={data?.system_accounts}
          loading={summary.isPending}
          pagination={data && data.system_accounts.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          locale={{ emptyText: summary.isPending ? ' ' : 'No system accounts' }}
        />
      </Card>
    </>
  );
}
