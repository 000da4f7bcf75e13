import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import type { AuditRecord } from '@bourse/contract';
import { adminApi, queryKeys } from '../../api/admin';
import { formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { JsonBlock } from '../../ui/JsonBlock';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

function actionColor(action: string): string {
  if (action.endsWith('.login') || action.endsWith('.logout')) return 'default';
  if (action.includes('fail') || action.includes('throttled') || action.includes('reject') || action.includes('disable')) return 'red';
  if (action.includes('create') || action.includes('approve')) return 'green';
  return 'blue';
}

const columns: TableColumnsType<AuditRecord> = [
  { title: 'ID', dataIndex: 'id', width: 90, render: (id: AuditRecord['id']) => <span className="mono">#{id}</span> },
  { title: 'Time', dataIndex: 'created_at', width: 180, render: (at: string) => formatDateTime(at) },
  {
    title: 'Operator',
    key: 'operator',
    render: (_, r) =>
      r.operator_username ? (
        <span>
          {r.operator_username} <Typography.Text type="secondary">#{r.operator_id}</Typography.Text>
        </span>
      ) : r.operator_id !== null ? (
        <span className="mono">#{r.operator_id}</span>
      ) : (
        dash
      ),
  },
  {
    title: 'Action',
    dataIndex: 'action',
    render: (action: string) => (
      <Tag color={actionColor(action)} className="mono">
        {action}
      </Tag>
    ),
  },
  { title: 'Target', dataIndex: 'target', render: (t: string | null) => (t ? <span className="mono">{t}</span> : dash) },
  { title: 'IP', dataIndex: 'ip', width: 150, render: (ip: string | null) => (ip ? <span className="mono">{ip}</span> : dash) },
];

function hasChange(r: AuditRecord): boolean {
  return (r.before !== null && r.before !== undefined) || (r.after !== null && r.after !== undefined);
}

export default function AuditPage() {
  const { query: pageQuery, page, limit, setPage, params, setParams } = usePageParams();
  const view = params.get('view') === 'sign_in_failures' ? 'sign_in_failures' : 'all';
  const query = useMemo(() => ({ ...pageQuery, view }) as const, [pageQuery, view]);
  const audit = useQuery({
    queryKey: queryKeys.audit(query),
    queryFn: () => adminApi.audit(query),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Operator actions, newest first, and every refused console sign-in (wrong password, or throttled after 5 failures on one operator in 15 minutes). Expand a row to see the state before and after."
      />
      <Segmented
        data-testid="audit-view"
        style={{ marginBottom: 12 }}
        value={view}
        options={[
          { label: 'All actions', value: 'all' },
          { label: 'Failed sign-ins', value: 'sign_in_failures' },
        ]}
        onChange={(v) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.set('view', v);
            next.set('page', '1');
            return next;
          })
        }
      />
      {audit.isError ? <QueryError what="the audit log" error={audit.error} onRetry={() => audit.refetch()} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<AuditRecord>
          data-testid="audit-table"
          rowKey="id"
          columns={columns}
          dataSource={audit.data?.items}
          loading={audit.isFetching}
          expandable={{
            rowExpandable: hasChange,
            expandRowByClick: true,
            expandedRowRender: (r) => (
              <Flex gap={16} align="stretch">
                <JsonBlock label="Before" value={r.before} />
                <JsonBlock label="After" value={r.after} />
              </Flex>
            ),
          }}
          pagination={tablePagination(page, limit, audit.data?.total, setPage)}
          locale={{ emptyText: audit.isPending ? ' ' : 'No operator actions recorded yet' }}
        />
      </Card>
    </>
  );
}
