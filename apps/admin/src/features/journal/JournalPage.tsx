import { accountTypeName, type JournalEntry, type Posting } from '@bourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { adminApi, queryKeys } from '../../api/admin';
import { accountTypeLabel } from '../../lib/accountType';
import { formatDateTime, isZeroAmount, sumAmounts } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { Amount } from '../../ui/Amount';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

/** Per-currency sums of an entry's postings; a correct entry has every sum equal to 0. */
function currencySums(postings: readonly Posting[]): { currency: string; sum: string | null }[] {
  const byCurrency = new Map<string, string[]>();
  for (const p of postings) byCurrency.set(p.currency_name, [...(byCurrency.get(p.currency_name) ?? []), p.amount]);
  return [...byCurrency].map(([currency, amounts]) => ({ currency, sum: sumAmounts(amounts) }));
}

function BalanceTag({ postings }: { postings: readonly Posting[] }) {
  if (postings.length === 0) return <Tag>no postings</Tag>;
  const sums = currencySums(postings);
  const balanced = sums.every((s) => s.sum !== null && isZeroAmount(s.sum));
  const detail = sums.map((s) => `${s.currency}: ${s.sum ?? 'unreadable'}`).join(', ');
  return (
    <Tooltip title={`Sum per currency — ${detail}`}>
      {balanced ? <Tag color="success">sums to 0</Tag> : <Tag color="error">unbalanced</Tag>}
    </Tooltip>
  );
}

function ownerTag(owner: string) {
  const [kind] = owner.split(':');
  return (
    <Tag color={kind === 'system' ? 'purple' : kind === 'user' ? 'blue' : 'default'} className="mono">
      {owner}
    </Tag>
  );
}

/** Asset (account) types (1 legal, 2 change, 3 lever, 4 micro); system accounts have none. */
function accountTypeCell(type: Posting['account_type']) {
  if (accountTypeName(type)) return accountTypeLabel(type);
  return <Typography.Text type="secondary">{type === 0 ? 'system' : String(type)}</Typography.Text>;
}

const postingColumns: TableColumnsType<Posting> = [
  { title: 'Account', dataIndex: 'account_id', width: 100, render: (id: number) => <span className="mono">#{id}</span> },
  { title: 'Owner', dataIndex: 'owner', render: ownerTag },
  { title: 'Account type', dataIndex: 'account_type', render: accountTypeCell },
  { title: 'Currency', dataIndex: 'currency_name' },
  {
    title: 'Bucket',
    dataIndex: 'bucket',
    render: (bucket: Posting['bucket']) => <Tag color={bucket === 'frozen' ? 'gold' : 'default'}>{bucket}</Tag>,
  },
  { title: 'Amount', dataIndex: 'amount', align: 'right', render: (amount: string) => <Amount value={amount} signed /> },
];

function EntryDetail({ entry }: { entry: JournalEntry }) {
  return (
    <Flex vertical gap={8} style={{ padding: '4px 0' }}>
      <Flex gap={24} wrap>
        <Typography.Text type="secondary">
          Idempotency key:{' '}
          {entry.idempotency_key ? (
            <Typography.Text className="mono" copyable>
              {entry.idempotency_key}
            </Typography.Text>
          ) : (
            '—'
          )}
        </Typography.Text>
        {entry.memo ? <Typography.Text type="secondary">Memo: {entry.memo}</Typography.Text> : null}
      </Flex>
      <PostingsTable entry={entry} />
    </Flex>
  );
}

function PostingsTable({ entry }: { entry: JournalEntry }) {
  return (
    <Table<Posting>
      size="small"
      rowKey={(p, i) => `${p.account_id}-${p.bucket}-${i ?? 0}`}
      columns={postingColumns}
      dataSource={entry.postings}
      pagination={false}
      locale={{ emptyText: 'This entry has no postings' }}
    />
  );
}

const columns: TableColumnsType<JournalEntry> = [
  { title: 'ID', dataIndex: 'id', width: 80, render: (id: JournalEntry['id']) => <span className="mono">#{id}</span> },
  { title: 'Time', dataIndex: 'created_at', width: 170, render: (at: string) => formatDateTime(at) },
  { title: 'Kind', dataIndex: 'kind', width: 170, ellipsis: true, render: (kind: string) => <Tag color="geekblue">{kind}</Tag> },
  {
    title: 'Reference',
    key: 'ref',
    width: 150,
    ellipsis: true,
    render: (_, e) =>
      e.ref_type ? (
        <span className="mono">
          {e.ref_type}
          {e.ref_id !== null && e.ref_id !== undefined ? ` #${e.ref_id}` : ''}
        </span>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  {
    title: 'Memo',
    dataIndex: 'memo',
    ellipsis: true,
    render: (memo: string | null) => memo || <Typography.Text type="secondary">—</Typography.Text>,
  },
  { title: 'Postings', key: 'count', align: 'right', width: 95, render: (_, e) => e.postings.length },
  { title: 'Check', key: 'balanced', width: 120, render: (_, e) => <BalanceTag postings={e.postings} /> },
];

export default function JournalPage() {
  const { query, page, limit, setPage } = usePageParams();
  const entries = useQuery({
    queryKey: queryKeys.ledgerEntries(query),
    queryFn: () => adminApi.ledgerEntries(query),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="Journal"
        description="Every balance change is one journal entry; its postings sum to zero per currency. Newest first."
      />
      {entries.isError ? <QueryError what="journal entries" error={entries.error} onRetry={() => entries.refetch()} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<JournalEntry>
          data-testid="journal-table"
          rowKey="id"
          columns={columns}
          dataSource={entries.data?.items}
          loading={entries.isFetching}
          expandable={{
            expandedRowRender: (entry) => <EntryDetail entry={entry} />,
            expandRowByClick: true,
          }}
          pagination={tablePagination(page, limit, entries.data?.total, setPage)}
          locale={{ emptyText: entries.isPending ? ' ' : 'No journal entries yet' }}
        />
      </Card>
    </>
  );
}
