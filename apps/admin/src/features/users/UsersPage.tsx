import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Drawer, Flex, Input, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { IdentityUserDetail, IdentityUserRow } from '@bourse/contract';
import { accountTypeLabel } from '../../lib/accountType';
import { errorText } from '../../api/client';
import { identityApi, identityKeys } from '../../api/identity';
import { hasRole, useOperator } from '../../app/auth';
import { formatAmount, formatDateTime, isZeroAmount, timeAgo } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { UploadImage } from '../kyc/UploadImage';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const KYC_COLORS: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red', none: 'default' };

function statusTag(status: number) {
  return status === 1 ? <Tag color="green">active</Tag> : <Tag color="red">frozen</Tag>;
}

function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const operator = useOperator();
  const detail = useQuery({ queryKey: identityKeys.user(id ?? 0), queryFn: () => identityApi.user(id!), enabled: id !== null });
  const toggle = useMutation({
    mutationFn: (freeze: boolean) => (freeze ? identityApi.freeze(id!) : identityApi.unfreeze(id!)),
    onSuccess: async (_d, freeze) => {
      void message.success(freeze ? 'User frozen; their sessions ended' : 'User unfrozen');
      await qc.invalidateQueries({ queryKey: ['identity'] });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const d: IdentityUserDetail | undefined = detail.data;
  const balances = d?.balances.filter((b) => !isZeroAmount(b.available) || !isZeroAmount(b.frozen)) ?? [];
  return (
    <Drawer open={id !== null} onClose={onClose} width={720} title={d ? `User #${d.user.id}` : 'User'} destroyOnHidden>
      {detail.isError ? <QueryError what="user" error={detail.error} onRetry={() => detail.refetch()} /> : null}
      {d ? (
        <Flex vertical gap={16}>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'email', label: 'E-mail', children: d.user.email ?? dash },
              { key: 'mobile', label: 'Mobile', children: d.user.mobile ? `+${d.user.area_code ?? ''} ${d.user.mobile}` : dash },
              { key: 'nick', label: 'Nickname', children: d.user.nickname },
              { key: 'status', label: 'Status', children: statusTag(d.user.status) },
              { key: 'wallet', label: 'Wallet', children: d.user.wallet_address ? <span className="mono">{d.user.wallet_address}</span> : dash },
              { key: 'invite', label: 'Invite code', children: <span className="mono">{d.user.invite_code}</span> },
              { key: 'inviter', label: 'Invited by', children: d.user.inviter_id ? `#${d.user.inviter_id}` : dash },
              { key: 'invited', label: 'Invited', children: d.user.invited },
              { key: 'created', label: 'Registered', children: formatDateTime(d.user.created_at) },
              { key: 'seen', label: 'Last seen', children: d.user.last_seen_at ? timeAgo(d.user.last_seen_at) : dash },
              { key: 'kind', label: 'Kind', children: d.user.is_demo ? <Tag color="orange">demo</Tag> : <Tag color="blue">real</Tag> },
            ]}
          />
          {hasRole(operator, ['admin']) ? (
            <Flex gap={8}>
              {d.user.status === 1 ? (
                <Popconfirm title="Freeze this user? Their sessions end and they cannot log in." okText="Freeze" okButtonProps={{ danger: true }} onConfirm={() => toggle.mutate(true)}>
                  <Button danger loading={toggle.isPending} data-testid="user-freeze">
                    Freeze
                  </Button>
                </Popconfirm>
              ) : (
                <Button loading={toggle.isPending} onClick={() => toggle.mutate(false)} data-testid="user-unfreeze">
                  Unfreeze
                </Button>
              )}
            </Flex>
          ) : null}
          <Card size="small" title="Real-name verification">
            {d.kyc ? (
              <Flex vertical gap={8}>
                <Flex gap={8} align="center">
                  <Tag color={KYC_COLORS[d.kyc.status_name]}>{d.kyc.status_name}</Tag>
                  {d.kyc.name ? <span>{d.kyc.name}</span> : null}
                  {d.kyc.card_id ? <span className="mono">{d.kyc.card_id}</span> : null}
                  {d.kyc.reason ? <Typography.Text type="secondary">Reason: {d.kyc.reason}</Typography.Text> : null}
                </Flex>
                <Flex gap={8}>
                  <UploadImage src={d.kyc.front_pic} alt="front" width={160} />
                  <UploadImage src={d.kyc.reverse_pic} alt="back" width={160} />
                </Flex>
              </Flex>
            ) : (
              <Typography.Text type="secondary">Not submitted</Typography.Text>
            )}
          </Card>
          <Card size="small" title="Balances">
            <Table
              size="small"
              rowKey={(b) => `${b.account_type}:${b.currency_id}`}
              pagination={false}
              dataSource={balances}
              locale={{ emptyText: 'No balances' }}
              columns={[
                { title: 'Account', dataIndex: 'account_type', render: (t: number) => accountTypeLabel(t) },
                { title: 'Currency', key: 'c', render: (_: unknown, b) => `${b.currency.name}${b.currency.subName ? ` (${b.currency.subName})` : ''}` },
                { title: 'Available', dataIndex: 'available', align: 'right', render: (v: string) => <span className="mono">{formatAmount(v)}</span> },
                { title: 'Frozen', dataIndex: 'frozen', align: 'right', render: (v: string) => <span className="mono">{formatAmount(v)}</span> },
              ]}
            />
          </Card>
          <Card size="small" title={`Sessions (${d.sessions.length})`}>
            <Table
              size="small"
              rowKey={(s) => s.created_at + (s.ip ?? '')}
              pagination={false}
              dataSource={d.sessions}
              locale={{ emptyText: 'No live sessions' }}
              columns={[
                { title: 'Started', dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
                { title: 'Last used', dataIndex: 'last_used_at', render: (v: string) => timeAgo(v) },
                { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? dash },
                { title: 'Device', dataIndex: 'user_agent', ellipsis: true, render: (v: string | null) => v ?? dash },
              ]}
            />
          </Card>
        </Flex>
      ) : null}
    </Drawer>
  );
}

const columns: TableColumnsType<IdentityUserRow> = [
  { title: 'ID', dataIndex: 'id', width: 90, render: (id: number) => <span className="mono">#{id}</span> },
  { title: 'E-mail', dataIndex: 'email', render: (v: string | null) => v || dash },
  { title: 'Mobile', key: 'mobile', render: (_: unknown, r) => (r.mobile ? `+${r.area_code ?? ''} ${r.mobile}` : dash) },
  { title: 'Nickname', dataIndex: 'nickname', render: (v: string | null) => v || dash },
  { title: 'Status', dataIndex: 'status', width: 90, render: (s: number) => statusTag(s) },
  { title: 'Kind', dataIndex: 'is_demo', width: 90, render: (demo: boolean) => (demo ? <Tag color="orange">demo</Tag> : <Tag color="blue">real</Tag>) },
  { title: 'Registered', dataIndex: 'created_at', width: 180, render: (at: string) => formatDateTime(at) },
  { title: 'Last seen', dataIndex: 'last_seen_at', width: 140, render: (at: string | null) => (at ? <span title={formatDateTime(at)}>{timeAgo(at)}</span> : dash) },
];

export default function UsersPage() {
  const { query, page, limit, setPage, params, setParams } = usePageParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const [open, setOpen] = useState<number | null>(null);
  const users = useQuery({ queryKey: identityKeys.users({ ...query, q }), queryFn: () => identityApi.users({ ...query, q }), placeholderData: keepPreviousData });

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
        description="Registered users. Open a row for sessions, verification and balances."
        extra={
          <Input.Search
            allowClear
            placeholder="E-mail, mobile, nickname, UID or invite code"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={search}
            style={{ width: 340 }}
            data-testid="users-search"
          />
        }
      />
      {users.isError ? <QueryError what="users" error={users.error} onRetry={() => users.refetch()} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<IdentityUserRow>
          data-testid="users-table"
          rowKey="id"
          columns={columns}
          dataSource={users.data?.items}
          loading={users.isFetching}
          onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
          pagination={tablePagination(page, limit, users.data?.total, setPage)}
          locale={{ emptyText: users.isPending ? ' ' : q ? `No user matches “${q}”` : 'No users yet' }}
        />
      </Card>
      <UserDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
