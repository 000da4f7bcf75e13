import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { adminApi, queryKeys, type UserRow } from '../../api/admin';
import { formatDateTime, timeAgo } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

const columns: TableColumnsType<UserRow> = [
  { title: 'ID', dataIndex: 'id', width: 90, render: (id: number) => <span className="mono">#{id}</span> },
  { title: 'E-mail', dataIndex: 'email', render: (v: string | null) => v || dash },
  { title: 'Mobile', dataIndex: 'mobile', render: (v: string | null) => v || dash },
  { title: 'Nickname', dataIndex: 'nickname', render: (v: string | null) => v || dash },
  {
    title: 'Kind',
    dataIndex: 'is_demo',
    width: 100,
    render: (demo: boolean) => (demo ? <Tag color="orange">demo</Tag> : <Tag color="blue">real</Tag>),
  },
  { title: 'Registered', dataIndex: 'created_at', width: 180, render: (at: string) => formatDateTime(at) },
  {
    title: 'Last seen',
    dataIndex: 'last_seen_at',
    width: 180,
    render: (at: string | null) => (at ? <span title={formatDateTime(at)}>{timeAgo(at)}</span> : dash),
  },
];

export default function UsersPage() {
  const { query, page, limit, setPage, params, setParams } = usePageParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const users = useQuery({
    queryKey: queryKeys.users({ ...query, q }),
    queryFn: () => adminApi.users({ ...query, q }),
    placeholderData: keepPreviousData,
  });

  const search = (value: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      const trimmed = value.trim();
      if (trimmed) next.set('q', trimmed);
      else next.delete('q');
      next.set('page', '1');
      return next;
    });
  };

  return (
    <>
      <PageHeader
        title="Users"
        description="Registered users of the platform."
        extra={
          <Input.Search
            allowClear
            placeholder="E-mail, mobile or nickname"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={search}
            style={{ width: 320 }}
            data-testid="users-search"
          />
        }
      />
      {users.isError ? <QueryError what="users" error={users.error} onRetry={() => users.refetch()} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<UserRow>
          data-testid="users-table"
          rowKey="id"
          columns={columns}
          dataSource={users.data?.items}
          loading={users.isFetching}
          pagination={tablePagination(page, limit, users.data?.total, setPage)}
          locale={{ emptyText: users.isPending ? ' ' : q ? `No user matches “${q}”` : 'No users yet' }}
        />
      </Card>
    </>
  );
}
