/** Console: accrual runs per product and day, yield-pool funding through the journal, subscriptions, and the demo clock. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Input, InputNumber, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { errorText } from '../../api/client';
import type { SavingsOrderListItem, SavingsPool, SavingsRun } from '@bourse/contract';
import { savingsApi } from '../../api/savings';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const RUN_STATUS = { paying: 'blue', paid: 'green', stalled: 'red' } as const;

function Pools({ isAdmin }: { isAdmin: boolean }) {
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const pools = useQuery({ queryKey: ['savings', 'pools'], queryFn: savingsApi.pools });
  const [currency, setCurrency] = useState<number | undefined>(undefined);
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const fund = useMutation({
    mutationFn: () => savingsApi.fund(currency!, amount.trim(), direction),
    onSuccess: async () => {
      void message.success(direction === 'in' ? 'Yield pool funded' : 'Yield pool reduced');
      setAmount('');
      await qc.invalidateQueries({ queryKey: ['savings'] });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const columns: TableColumnsType<SavingsPool> = [
    { title: 'Currency', dataIndex: 'currency' },
    { title: 'Yield pool (pays income)', dataIndex: 'yield_pool' },
    { title: 'Savings pool (principal held)', dataIndex: 'savings_pool' },
    { title: 'Savings revenue (lease fees)', dataIndex: 'savings_revenue' },
  ];
  return (
    <Card title="Pools" size="small" style={{ marginBottom: 16 }}>
      {pools.isError ? <QueryError error={pools.error} what="pools" onRetry={() => void pools.refetch()} /> : null}
      <Table<SavingsPool> rowKey="currency_id" size="small" loading={pools.isPending} dataSource={pools.data ?? []} columns={columns} pagination={false} />
      {isAdmin ? (
        <Space wrap style={{ marginTop: 12 }}>
          <Select placeholder="Currency" style={{ width: 180 }} value={currency} onChange={setCurrency} options={(pools.data ?? []).map((p) => ({ value: p.currency_id, label: p.currency }))} />
          <Select style={{ width: 200 }} value={direction} onChange={setDirection} options={[{ value: 'in', label: 'Fund from platform capital' }, { value: 'out', label: 'Return to platform capital' }]} />
          <Input placeholder="Amount" style={{ width: 160 }} value={amount} onChange={(e) => setAmount(e.target.value)} />
          <Button
            type="primary"
            disabled={!currency || !/^\d+(\.\d+)?$/.test(amount.trim())}
            loading={fund.isPending}
            data-testid="savings-pool-post"
            onClick={() => {
              const name = pools.data?.find((p) => p.currency_id === currency)?.currency ?? '';
              // A money movement: the operator confirms the exact figure and direction first.
              void modal.confirm({
                title: direction === 'in' ? 'Fund the yield pool?' : 'Return yield-pool money to platform capital?',
                content: `${amount.trim()} ${name} ${direction === 'in' ? 'moves from platform capital (house) to the yield pool' : 'moves from the yield pool back to platform capital (house)'} in one journal entry.`,
                okText: 'Post to journal',
                onOk: () => fund.mutateAsync().catch(() => undefined),
              });
            }}
          >
            Post to journal
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}

function DemoClock() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const clock = useQuery({ queryKey: ['savings', 'clock'], queryFn: savingsApi.clock });
  const [hours, setHours] = useState<number | null>(24);
  const advance = useMutation({
    mutationFn: () => savingsApi.advance(hours ?? 24),
    onSuccess: async (r) => {
      void message.success(`Savings clock now ${r.now}; paid ${r.accrual?.paid ?? 0}, matured ${r.accrual?.matured ?? 0}`);
      await qc.invalidateQueries({ queryKey: ['savings'] });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  if (!clock.data?.enabled) return null;
  return (
    <Card title={<>Demo clock <Tag color="purple">demo build only</Tag></>} size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        SAVINGS_DEMO_CLOCK is on: the savings engine reads the server time plus {Math.round(clock.data.offset_ms / 3600_000)} h. Advancing runs accrual at once; every move is audited. Other modules keep the real clock.
      </Typography.Paragraph>
      <Space>
        <span>Engine time: {clock.data.now}</span>
        <span data-testid="savings-clock-hours">
          <InputNumber min={1} max={24 * 366} value={hours} onChange={setHours} addonAfter="h" />
        </span>
        <Button onClick={() => advance.mutate()} loading={advance.isPending} data-testid="savings-clock-advance">
          Advance and run accrual
        </Button>
      </Space>
    </Card>
  );
}

function Runs({ isAdmin }: { isAdmin: boolean }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const runs = useQuery({ queryKey: ['savings', 'runs', page], queryFn: () => savingsApi.runs({ page, limit: 20 }) });
  const run = useMutation({
    mutationFn: savingsApi.runNow,
    onSuccess: async (r) => {
      void message.success(`Accrual: ${r.paid} paid, ${r.matured} matured${r.stalled.length ? `, ${r.stalled.length} product(s) stalled` : ''}`);
      await qc.invalidateQueries({ queryKey: ['savings'] });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const columns: TableColumnsType<SavingsRun> = [
    { title: 'Day (UTC)', dataIndex: 'date' },
    { title: 'Product', render: (_, r) => `#${r.product_id} ${r.product}` },
    { title: 'Rate', dataIndex: 'rate' },
    { title: 'Status', dataIndex: 'status', render: (s: SavingsRun['status']) => <Tag color={RUN_STATUS[s]}>{s}</Tag> },
    { title: 'Paid', dataIndex: 'paid_count' },
    { title: 'Total', render: (_, r) => `${r.total_paid} ${r.currency}` },
    { title: 'Yield pool after', render: (_, r) => (r.pool_balance === null ? '—' : `${r.pool_balance} ${r.currency}`) },
    { title: 'Updated', dataIndex: 'updated_at' },
  ];
  return (
    <Card
      title="Accrual runs"
      size="small"
      style={{ marginBottom: 16 }}
      extra={isAdmin ? <Button onClick={() => run.mutate()} loading={run.isPending}>Run accrual now</Button> : null}
    >
      {runs.data ? (
        <Descriptions size="small" column={3} style={{ marginBottom: 8 }}>
          <Descriptions.Item label="Engine time">{runs.data.now}</Descriptions.Item>
          <Descriptions.Item label="Last due day">{runs.data.due_date}</Descriptions.Item>
          <Descriptions.Item label="Daily accrual from">{`${String(Math.floor(runs.data.accrual_minute / 60)).padStart(2, '0')}:${String(runs.data.accrual_minute % 60).padStart(2, '0')} UTC`}</Descriptions.Item>
        </Descriptions>
      ) : null}
      {runs.isError ? <QueryError error={runs.error} what="accrual runs" onRetry={() => void runs.refetch()} /> : null}
      <Table<SavingsRun>
        rowKey={(r) => `${r.product_id}:${r.date}`}
        size="small"
        loading={runs.isPending}
        dataSource={runs.data?.list ?? []}
        columns={columns}
        pagination={{ current: page, pageSize: 20, total: runs.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}

function Orders() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [userId, setUserId] = useState<number | null>(null);
  const q = useQuery({ queryKey: ['savings', 'orders', page, status, userId], queryFn: () => savingsApi.orders({ page, limit: 20, status, user_id: userId ?? undefined }) });
  const columns: TableColumnsType<SavingsOrderListItem> = [
    { title: 'ID', dataIndex: 'id' },
    { title: 'User', dataIndex: 'user_id' },
    { title: 'Product', render: (_, o) => `#${o.product_id} ${o.name}` },
    { title: 'Principal', render: (_, o) => `${o.principal} ${o.currency.name}` },
    { title: 'Income', dataIndex: 'income' },
    { title: 'Days', render: (_, o) => `${o.days_paid} / ${o.term_days}` },
    { title: 'Status', dataIndex: 'status' },
    { title: 'Penalty', dataIndex: 'penalty' },
    { title: 'Refund', dataIndex: 'refund' },
    { title: 'Joined', dataIndex: 'storage_time' },
  ];
  return (
    <Card title="Subscriptions" size="small">
      <Flex gap={8} style={{ marginBottom: 8 }}>
        <Select allowClear placeholder="Status" style={{ width: 160 }} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={['active', 'matured', 'redeemed'].map((s) => ({ value: s, label: s }))} />
        <InputNumber placeholder="User id" min={1} value={userId} onChange={(v) => { setUserId(v); setPage(1); }} />
      </Flex>
      {q.isError ? <Alert type="error" showIcon title={errorText(q.error)} /> : null}
      <Table<SavingsOrderListItem>
        rowKey="id"
        size="small"
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        columns={columns}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}

export default function SavingsOpsPage() {
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  return (
    <>
      <PageHeader title="Savings accrual" description="Daily accrual per product and UTC day (paid once per subscription and day), the yield pool that pays it, and every subscription." />
      <DemoClock />
      <Pools isAdmin={isAdmin} />
      <Runs isAdmin={isAdmin} />
      <Orders />
    </>
  );
}
