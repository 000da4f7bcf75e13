import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { OutboxMessage } from '@bourse/contract';
import { adminApi, queryKeys } from '../../api/admin';
import { formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const columns: TableColumnsType<OutboxMessage> = [
  { title: 'ID', dataIndex: 'id', width: 90, render: (id: OutboxMessage['id']) => <span className="mono">#{id}</span> },
  { title: 'Time', dataIndex: 'created_at', width: 180, render: (at: string) => formatDateTime(at) },
  {
    title: 'Channel',
    dataIndex: 'channel',
    width: 100,
    render: (channel: OutboxMessage['channel']) => (
      <Tag color={channel === 'email' ? 'blue' : 'green'}>{channel === 'email' ? 'e-mail' : 'SMS'}</Tag>
    ),
  },
  { title: 'To', dataIndex: 'target', render: (target: string) => <span className="mono">{target}</span> },
  {
    title: 'Subject / text',
    key: 'subject',
    ellipsis: true,
    render: (_, m) => m.subject || <Typography.Text type="secondary">{m.body}</Typography.Text>,
  },
];

export default function OutboxPage() {
  const { query, page, limit, setPage } = usePageParams();
  const outbox = useQuery({
    queryKey: queryKeys.outbox(query),
    queryFn: () => adminApi.outbox(query),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader title="Outbox" description="E-mail and SMS messages the platform would have sent." />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Messages land here, undelivered, when no SMTP (e-mail) or SMS transport is configured."
        description="They may contain verification codes: share them only with the user they were meant for."
      />
      {outbox.isError ? <QueryError what="the outbox" error={outbox.error} onRetry={() => outbox.refetch()} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<OutboxMessage>
          data-testid="outbox-table"
          rowKey="id"
          columns={columns}
          dataSource={outbox.data?.items}
          loading={outbox.isFetching}
          expandable={{
            expandedRowRender: (m) => <pre className="json-block">{m.body}</pre>,
            expandRowByClick: true,
          }}
          pagination={tablePagination(page, limit, outbox.data?.total, setPage)}
          locale={{ emptyText: outbox.isPending ? ' ' : 'The outbox is empty' }}
        />
      </Card>
    </>
  );
}
