/** Console: settlement log (order, open tick, close tick, outcome, amounts) and house P&L per day. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, InputNumber, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ContractPnlDay, ContractSettlement } from '@bourse/contract';
import { contractsApi, contractsKeys } from '../../api/contracts';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const OUTCOME_COLOR: Record<string, string> = { won: 'green', lost: 'red', tie: 'default', void: 'orange' };
const time = (iso: string | null) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 23) : '—');
const signed = (v: string) => (v.startsWith('-') ? v : v === '0' ? v : `+${v}`);

export default function ContractSettlementsPage() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [status, setStatus] = useState<string | undefined>();
  const [userId, setUserId] = useState<number | undefined>();
  const q = { page, limit, status, user_id: userId };
  const log = useQuery({ queryKey: contractsKeys.settlements(q), queryFn: () => contractsApi.settlements(q), refetchInterval: 5000 });
  const pnl = useQuery({ queryKey: contractsKeys.pnl(30), queryFn: () => contractsApi.pnl(30), refetchInterval: 10_000 });

  const columns: TableColumnsType<ContractSettlement> = [
    { title: 'Order', dataIndex: 'id', width: 80, render: (id: string) => <span className="mono">#{id}</span> },
    { title: 'User', dataIndex: 'user_id', width: 70 },
    { title: 'Market', dataIndex: 'symbol', width: 100 },
    { title: 'Dir.', dataIndex: 'direction', width: 60, render: (d: string) => <Tag color={d === 'up' ? 'green' : 'red'}>{d}</Tag> },
    { title: 'Stake', width: 110, render: (_, r) => `${r.number} ${r.currency}` },
    {
      title: 'Open tick',
      width: 220,
      render: (_, r) => (
        <span className="mono">
          #{r.open_tick_id} · {r.open_price}
          <br />
          {time(r.open_tick_at)}
        </span>
      ),
    },
    {
      title: 'Expiry → close tick',
      width: 240,
      render: (_, r) => (
        <span className="mono">
          {time(r.expires_at)}
          <br />
          {r.close_tick_id ? `#${r.close_tick_id} · ${r.close_price} · ${time(r.close_tick_at)}` : 'no tick within 10 s: void'}
        </span>
      ),
    },
    { title: 'Outcome', dataIndex: 'status', width: 80, render: (s: string) => <Tag color={OUTCOME_COLOR[s]}>{s}</Tag> },
    { title: 'Paid back', dataIndex: 'payout', width: 100, align: 'right' },
    { title: 'Fee', dataIndex: 'fee', width: 80, align: 'right' },
    { title: 'User P&L', dataIndex: 'profit', width: 100, align: 'right', render: (v: string) => signed(v) },
    { title: 'Settled', dataIndex: 'settled_at', width: 190, render: (v: string) => <span className="mono">{time(v)}</span> },
  ];
  const pnlColumns: TableColumnsType<ContractPnlDay> = [
    { title: 'Day (UTC)', dataIndex: 'day' },
    { title: 'Currency', dataIndex: 'currency' },
    { title: 'Orders', dataIndex: 'orders', align: 'right' },
    { title: 'Won / lost / tie / void', render: (_, r) => `${r.won} / ${r.lost} / ${r.tie} / ${r.void}` },
    { title: 'Stakes', dataIndex: 'stake', align: 'right' },
    { title: 'User P&L', dataIndex: 'user_profit', align: 'right', render: (v: string) => signed(v) },
    { title: 'Fees', dataIndex: 'fees', align: 'right' },
    { title: 'House P&L', dataIndex: 'house_pnl', align: 'right', render: (v: string) => <Typography.Text strong>{signed(v)}</Typography.Text> },
  ];
  return (
    <>
      <PageHeader
        title="Contract settlements"
        description="Every settled order with the stored ticks it opened and closed on. User P&L + house P&L + fees = 0 per day and currency."
      />
      <Card title="House P&L per day (last 30 days)" size="small" style={{ marginBottom: 16 }}>
        {pnl.isError ? <QueryError error={pnl.error} what="P&L" onRetry={() => void pnl.refetch()} /> : null}
        <Table<ContractPnlDay> rowKey={(r) => `${r.day}:${r.currency_id}`} size="small" loading={pnl.isPending} columns={pnlColumns} dataSource={pnl.data ?? []} pagination={false} />
      </Card>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder="Outcome"
          style={{ width: 140 }}
          value={status}
          onChange={(v: string | undefined) => {
            setStatus(v);
            setPage(1);
          }}
          options={['won', 'lost', 'tie', 'void'].map((s) => ({ value: s, label: s }))}
        />
        <InputNumber
          placeholder="User ID"
          min={1}
          value={userId}
          onChange={(v) => {
            setUserId(v ?? undefined);
            setPage(1);
          }}
        />
      </Space>
      {log.isError ? <QueryError error={log.error} what="settlements" onRetry={() => void log.refetch()} /> : null}
      <Table<ContractSettlement>
        rowKey="id"
        size="small"
        scroll={{ x: 1400 }}
        loading={log.isPending}
        columns={columns}
        dataSource={log.data?.items ?? []}
        pagination={{
          current: page,
          pageSize: limit,
          total: log.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
      />
    </>
  );
}
