/** Console: markets (instruments) — add, edit, suspend/resume, with their price source. */
import { useState } from 'react';
import { FEED_SOURCES, INSTRUMENT_KINDS, type InstrumentView } from '@bourse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { adminApi, queryKeys } from '../../api/admin';
import { errorText } from '../../api/client';
import { marketApi, marketKeys, type InstrumentInput } from '../../api/market';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

function InstrumentModal({ editing, open, onClose }: { editing: InstrumentView | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<InstrumentInput>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const currencies = useQuery({ queryKey: queryKeys.currencies, queryFn: adminApi.currencies, enabled: open });
  const save = useMutation({
    mutationFn: (values: InstrumentInput) => (editing ? marketApi.updateInstrument(editing.id, values) : marketApi.createInstrument(values)),
    onSuccess: async (row) => {
      void message.success(editing ? `${row.symbol} saved` : `Market ${row.symbol} added`);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'market'] });
      save.reset();
      onClose();
    },
  });
  const options = (currencies.data ?? [])
    .filter((c) => !c.isFiat)
    .map((c) => ({ value: c.id, label: c.subName ? `${c.name} (${c.subName})` : c.name }));
  return (
    <Modal
      title={editing ? `Edit ${editing.symbol}` : 'New market'}
      open={open}
      onCancel={() => {
        save.reset();
        onClose();
      }}
      onOk={() => form.submit()}
      okText={editing ? 'Save' : 'Add market'}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      {save.isError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(save.error)} /> : null}
      <Form<InstrumentInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={
          editing
            ? { ...editing, source_symbol: editing.source_symbol ?? '' }
            : { kind: 'spot', price_precision: 2, amount_precision: 4, sort: 10, source: 'simulated', sim_volatility: '0.6', sim_volume: '1' }
        }
        onFinish={(v) => save.mutate(v)}
        disabled={save.isPending}
      >
        {!editing && (
          <>
            <Form.Item label="Base currency" name="base_currency_id" rules={[{ required: true }]}>
              <Select options={options} showSearch optionFilterProp="label" placeholder="LTC" />
            </Form.Item>
            <Form.Item label="Quote currency" name="quote_currency_id" rules={[{ required: true }]}>
              <Select options={options} showSearch optionFilterProp="label" placeholder="USDT" />
            </Form.Item>
          </>
        )}
        <Form.Item label="Kind" name="kind">
          <Select options={INSTRUMENT_KINDS.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Form.Item label="Price precision (decimals)" name="price_precision" rules={[{ required: true, type: 'integer', min: 0, max: 12 }]}>
          <InputNumber min={0} max={12} precision={0} />
        </Form.Item>
        <Form.Item label="Amount precision (decimals)" name="amount_precision" rules={[{ required: true, type: 'integer', min: 0, max: 12 }]}>
          <InputNumber min={0} max={12} precision={0} />
        </Form.Item>
        <Form.Item label="Sort order" name="sort" rules={[{ required: true, type: 'integer', min: 0, max: 10000 }]}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
        <Form.Item label="Price source" name="source" extra="simulated = demo prices (labelled in the app); ccxt = live exchange data when MARKET_FEED=ccxt">
          <Select options={FEED_SOURCES.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Form.Item label="Exchange symbol (ccxt)" name="source_symbol" rules={[{ pattern: /^[A-Za-z0-9/_:.-]*$/ }]}>
          <Input placeholder="BTC/USDT" />
        </Form.Item>
        <Form.Item label="Simulation start price" name="sim_price" rules={[{ required: true, pattern: DECIMAL, message: 'A positive decimal' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Simulated volatility (annualised, e.g. 0.6 = 60 %)" name="sim_volatility" rules={[{ required: true, pattern: /^\d(\.\d{1,6})?$/ }]}>
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Simulated volume per minute (base)" name="sim_volume" rules={[{ required: true, pattern: DECIMAL }]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function InstrumentsPage() {
  const me = useOperator();
  const isAdmin = me.role === 'admin';
  const [modal, setModal] = useState<{ open: boolean; editing: InstrumentView | null }>({ open: false, editing: null });
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const list = useQuery({ queryKey: marketKeys.instruments, queryFn: marketApi.instruments });
  const toggle = useMutation({
    mutationFn: (row: InstrumentView) => marketApi.updateInstrument(row.id, { status: row.status === 1 ? 0 : 1 }),
    onSuccess: async (row) => {
      void message.success(`${row.symbol} ${row.status === 1 ? 'resumed' : 'suspended'}`);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'market'] });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const columns: TableColumnsType<InstrumentView> = [
    { title: 'ID', dataIndex: 'id', width: 60, render: (id: number) => <span className="mono">#{id}</span> },
    { title: 'Market', dataIndex: 'symbol', render: (s: string) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{s}</Typography.Text> },
    { title: 'Kind', dataIndex: 'kind', width: 90 },
    { title: 'Precision (price / amount)', width: 170, render: (_, r) => `${r.price_precision} / ${r.amount_precision}` },
    {
      title: 'Source',
      dataIndex: 'source',
      width: 160,
      render: (s: string, r) => (s === 'simulated' ? <Tag color="gold">simulated (demo)</Tag> : <Tag color="blue">ccxt {r.source_symbol}</Tag>),
    },
    { title: 'Sort', dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 240,
      render: (status: number, row) => (
        <span>
          {status === 1 ? <Tag color="green">listed</Tag> : <Tag color="red">suspended</Tag>}
          {isAdmin ? (
            <>
              <Button size="small" type="link" onClick={() => setModal({ open: true, editing: row })}>
                Edit
              </Button>
              <Popconfirm
                title={status === 1 ? `Suspend ${row.symbol}? It disappears from the app and its prices stop.` : `Resume ${row.symbol}?`}
                onConfirm={() => toggle.mutate(row)}
              >
                <Button size="small" type="link" danger={status === 1} data-testid={`toggle-${row.symbol}`}>
                  {status === 1 ? 'Suspend' : 'Resume'}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Markets"
        description="Instruments the app lists. Suspended markets are hidden and get no prices; changes are audited."
        extra={
          isAdmin ? (
            <Button type="primary" onClick={() => setModal({ open: true, editing: null })}>
              New market
            </Button>
          ) : null
        }
      />
      {list.isError ? <QueryError error={list.error} what="markets" onRetry={() => void list.refetch()} /> : null}
      <Table<InstrumentView> rowKey="id" size="middle" scroll={{ x: 1000 }} loading={list.isPending} columns={columns} dataSource={list.data ?? []} pagination={false} />
      <InstrumentModal key={modal.editing?.id ?? 'new'} editing={modal.editing} open={modal.open} onClose={() => setModal({ open: false, editing: null })} />
    </>
  );
}
