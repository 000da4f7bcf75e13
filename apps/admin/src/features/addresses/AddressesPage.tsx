import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Segmented, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AddressQueueRow } from '@bourse/contract';
import { errorText } from '../../api/client';
import { identityApi, identityKeys } from '../../api/identity';
import { hasRole, useOperator } from '../../app/auth';
import { formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const STATUS = { 0: { label: 'Pending', color: 'gold' }, 1: { label: 'Approved', color: 'green' }, 2: { label: 'Rejected', color: 'red' } } as const;

function IdentitySettingsCard() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const operator = useOperator();
  const canEdit = hasRole(operator, ['admin']);
  const settings = useQuery({ queryKey: identityKeys.settings, queryFn: identityApi.settings });
  const save = useMutation({
    mutationFn: identityApi.saveSettings,
    onSuccess: async () => {
      void message.success('Saved');
      await qc.invalidateQueries({ queryKey: identityKeys.settings });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const s = settings.data;
  return (
    <Card size="small" title="Identity settings" style={{ marginBottom: 16 }}>
      <Flex vertical gap={12}>
        <Flex align="center" gap={12}>
          <Switch checked={s?.address_approval ?? false} disabled={!s || !canEdit} loading={save.isPending} onChange={(v) => save.mutate({ address_approval: v })} data-testid="address-approval-switch" />
          <span>New withdrawal addresses need operator approval</span>
        </Flex>
        <Flex align="center" gap={12} wrap>
          <span>Features that require real-name verification:</span>
          <Select
            mode="tags"
            style={{ minWidth: 320 }}
            disabled={!s || !canEdit}
            value={s?.kyc_required_features ?? []}
            options={['withdraw', 'transfer', 'trade', 'savings', 'deposit'].map((v) => ({ value: v, label: v }))}
            onChange={(v: string[]) => save.mutate({ kyc_required_features: v })}
            placeholder="none"
          />
        </Flex>
        {!canEdit ? <Typography.Text type="secondary">Only admins change these settings.</Typography.Text> : null}
      </Flex>
    </Card>
  );
}

export default function AddressesPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { query, page, limit, setPage, params, setParams } = usePageParams();
  const status = Number(params.get('status') ?? '0') as 0 | 1 | 2;
  const list = useQuery({ queryKey: identityKeys.addresses({ ...query, status }), queryFn: () => identityApi.addresses({ ...query, status }), placeholderData: keepPreviousData });
  const decide = useMutation({
    mutationFn: ({ id, ok }: { id: number; ok: boolean }) => (ok ? identityApi.approveAddress(id) : identityApi.rejectAddress(id)),
    onSuccess: async (_d, v) => {
      void message.success(v.ok ? 'Approved' : 'Rejected');
      await qc.invalidateQueries({ queryKey: ['identity', 'addresses'] });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const columns: TableColumnsType<AddressQueueRow> = [
    { title: 'ID', dataIndex: 'id', width: 70, render: (id: number) => <span className="mono">#{id}</span> },
    { title: 'User', key: 'user', render: (_: unknown, r) => `${r.email ?? r.nickname} (UID ${r.user_id})` },
    { title: 'Network', dataIndex: 'currency', width: 130 },
    { title: 'Label', dataIndex: 'name' },
    { title: 'Address', dataIndex: 'address', render: (a: string) => <Typography.Text className="mono" copyable>{a}</Typography.Text> },
    { title: 'Added', dataIndex: 'created_at', width: 170, render: (at: string) => formatDateTime(at) },
    {
      title: 'Decision',
      key: 'actions',
      width: 190,
      render: (_: unknown, r) =>
        r.approve_status === 0 ? (
          <Space>
            <Button size="small" type="primary" onClick={() => decide.mutate({ id: r.id, ok: true })}>
              Approve
            </Button>
            <Button size="small" danger onClick={() => decide.mutate({ id: r.id, ok: false })}>
              Reject
            </Button>
          </Space>
        ) : (
          <Tag color={STATUS[r.approve_status as 1 | 2].color}>{STATUS[r.approve_status as 1 | 2].label}</Tag>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Address approvals"
        description="Withdrawal addresses users saved while approval is switched on."
        extra={
          <Segmented
            value={status}
            options={[0, 1, 2].map((s) => ({ value: s, label: STATUS[s as 0 | 1 | 2].label }))}
            onChange={(v) =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                next.set('status', String(v));
                next.set('page', '1');
                return next;
              })
            }
          />
        }
      />
      <IdentitySettingsCard />
      {list.isError ? <QueryError what="addresses" error={list.error} onRetry={() => list.refetch()} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<AddressQueueRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isFetching}
          pagination={tablePagination(page, limit, list.data?.total, setPage)}
          locale={{ emptyText: list.isPending ? ' ' : 'No addresses here' }}
        />
      </Card>
    </>
  );
}
