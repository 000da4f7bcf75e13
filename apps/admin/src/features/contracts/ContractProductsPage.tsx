/**
 * Console: contract products per market — expiry options with payout rates, fee on winnings,
 * stake limits and exposure caps per payable currency, open exposure per direction, and
 * suspend/resume of new orders. Open orders are never touched: they settle by the rule.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { adminApi, queryKeys } from '../../api/admin';
import { errorText } from '../../api/client';
import type { ContractAdminProduct } from '@bourse/contract';
import { contractsApi, contractsKeys, type ProductInput } from '../../api/contracts';
import { marketApi, marketKeys } from '../../api/market';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const RATE = /^\d{1,9}(\.\d{1,18})?$/;
const AMOUNT = /^\d{1,30}(\.\d{1,30})?$/;

function ProductModal({ editing, open, onClose }: { editing: ContractAdminProduct | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ProductInput>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const currencies = useQuery({ queryKey: queryKeys.currencies, queryFn: adminApi.currencies, enabled: open });
  const instruments = useQuery({ queryKey: marketKeys.instruments, queryFn: marketApi.instruments, enabled: open && !editing });
  const save = useMutation({
    mutationFn: (v: ProductInput) => contractsApi.saveProduct(v),
    onSuccess: async (row) => {
      void message.success(row ? `${row.symbol} saved` : 'Saved');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'contracts'] });
      save.reset();
      onClose();
    },
  });
  const currencyOptions = (currencies.data ?? []).filter((c) => !c.isFiat).map((c) => ({ value: c.id, label: c.subName ? `${c.name} (${c.subName})` : c.name }));
  const initial: ProductInput = editing
    ? {
        instrument_id: editing.instrument_id,
        status: editing.status,
        fee_rate: editing.fee_rate,
        seconds: editing.seconds.map((s) => ({ seconds: s.seconds, payout_rate: s.payout_rate, status: s.status })),
        currencies: editing.currencies
          .filter((c) => c.status === 1)
          .map((c) => ({ currency_id: c.currency_id, min: c.min, max: c.max, exposure_cap: c.exposure_cap })),
      }
    : { instrument_id: 0, status: 1, fee_rate: '0.02', seconds: [{ seconds: 30, payout_rate: '0.8' }], currencies: [] };
  return (
    <Modal
      title={editing ? `Contract product: ${editing.symbol}` : 'New contract product'}
      open={open}
      width={720}
      onCancel={() => {
        save.reset();
        onClose();
      }}
      onOk={() => form.submit()}
      okText="Save"
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      {save.isError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(save.error)} /> : null}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Changes apply to new orders only. Open orders keep the payout rate and fee they were placed with and settle against the first stored tick at or after expiry."
      />
      <Form<ProductInput> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
        {!editing && (
          <Form.Item label="Market" name="instrument_id" rules={[{ required: true, type: 'integer', min: 1, message: 'Pick a market' }]}>
            <Select showSearch optionFilterProp="label" options={(instruments.data ?? []).map((i) => ({ value: i.id, label: i.symbol }))} />
          </Form.Item>
        )}
        {editing && (
          <Form.Item name="instrument_id" hidden>
            <Input />
          </Form.Item>
        )}
        <Space size="large" wrap>
          <Form.Item label="New orders" name="status">
            <Select style={{ width: 160 }} options={[{ value: 1, label: 'open' }, { value: 0, label: 'suspended' }]} />
          </Form.Item>
          <Form.Item label="Fee on winnings (0.02 = 2 %)" name="fee_rate" rules={[{ required: true, pattern: RATE, message: 'A decimal below 1' }]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>Expiry options</Typography.Title>
        <Form.List name="seconds">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item label="Seconds" name={[f.name, 'seconds']} rules={[{ required: true, type: 'integer', min: 5, max: 86400 }]}>
                    <InputNumber min={5} max={86400} precision={0} />
                  </Form.Item>
                  <Form.Item label="Payout rate (0.85 = 85 % profit on a win)" name={[f.name, 'payout_rate']} rules={[{ required: true, pattern: RATE }]}>
                    <Input style={{ width: 140 }} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                    Remove
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({ seconds: 60, payout_rate: '0.85' })}>Add expiry</Button>
            </>
          )}
        </Form.List>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          Payable currencies
        </Typography.Title>
        <Form.List name="currencies">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item label="Currency" name={[f.name, 'currency_id']} rules={[{ required: true }]}>
                    <Select style={{ width: 150 }} options={currencyOptions} />
                  </Form.Item>
                  <Form.Item label="Min stake" name={[f.name, 'min']} rules={[{ required: true, pattern: AMOUNT }]}>
                    <Input style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item label="Max stake" name={[f.name, 'max']} rules={[{ required: true, pattern: AMOUNT }]}>
                    <Input style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item label="Exposure cap per direction" name={[f.name, 'exposure_cap']} rules={[{ required: true, pattern: AMOUNT }]}>
                    <Input style={{ width: 150 }} />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(f.name)} disabled={fields.length <= 1}>
                    Remove
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({ min: '10', max: '10000', exposure_cap: '200000' })}>Add currency</Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

export default function ContractProductsPage() {
  const me = useOperator();
  const isAdmin = me.role === 'admin';
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [modal, setModal] = useState<{ open: boolean; editing: ContractAdminProduct | null }>({ open: false, editing: null });
  const list = useQuery({ queryKey: contractsKeys.products, queryFn: contractsApi.products, refetchInterval: 5000 });
  const toggle = useMutation({
    mutationFn: (p: ContractAdminProduct) => contractsApi.setStatus(p.product_id, p.status === 1 ? 0 : 1),
    onSuccess: async (r) => {
      void message.success(r.status === 1 ? 'New orders resumed' : 'New orders suspended');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'contracts'] });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const columns: TableColumnsType<ContractAdminProduct> = [
    {
      title: 'Market',
      dataIndex: 'symbol',
      render: (s: string, p) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{s}</Typography.Text>
          {p.is_demo ? <Tag color="gold">demo product</Tag> : null}
        </Space>
      ),
    },
    {
      title: 'New orders',
      width: 130,
      render: (_, p) =>
        p.tradable ? <Tag color="green">open</Tag> : <Tag color="red">{p.status === 0 ? 'suspended' : 'market suspended'}</Tag>,
    },
    { title: 'Fee on winnings', dataIndex: 'fee_rate', width: 120 },
    {
      title: 'Expiry → payout rate',
      render: (_, p) => (
        <Space wrap size={4}>
          {p.seconds.map((s) => (
            <Tag key={s.seconds} color={s.status === 1 ? 'blue' : 'default'}>
              {s.seconds}s → {s.payout_rate}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Currency: limits · open up / down of cap',
      render: (_, p) => (
        <Space direction="vertical" size={2}>
          {p.currencies
            .filter((c) => c.status === 1)
            .map((c) => {
              const count = (d: 'up' | 'down') => p.open_orders.find((o) => o.currency_id === c.currency_id && o.direction === d)?.orders ?? 0;
              return (
                <span key={c.currency_id} className="mono" data-testid={`exposure-${p.symbol}-${c.currency_id}`}>
                  {c.name}
                  {c.sub_name ? ` (${c.sub_name})` : ''}: {c.min}–{c.max} · up {c.open_up} ({count('up')}) / down {c.open_down} ({count('down')}) of {c.exposure_cap}
                </span>
              );
            })}
        </Space>
      ),
    },
    {
      title: '',
      width: 170,
      render: (_, p) =>
        isAdmin ? (
          <span>
            <Button size="small" type="link" onClick={() => setModal({ open: true, editing: p })}>
              Edit
            </Button>
            <Popconfirm
              title={p.status === 1 ? `Suspend new orders on ${p.symbol}? Open orders still settle at expiry.` : `Resume new orders on ${p.symbol}?`}
              onConfirm={() => toggle.mutate(p)}
            >
              <Button size="small" type="link" danger={p.status === 1} data-testid={`contract-toggle-${p.symbol}`}>
                {p.status === 1 ? 'Suspend' : 'Resume'}
              </Button>
            </Popconfirm>
          </span>
        ) : null,
    },
  ];
  const settler = list.data?.settler;
  return (
    <>
      <PageHeader
        title="Contract products"
        description="Timed up/down contracts per market. Outcomes come only from stored price ticks: there is no way to set or change one here."
        extra={
          isAdmin ? (
            <Button type="primary" onClick={() => setModal({ open: true, editing: null })}>
              New product
            </Button>
          ) : null
        }
      />
      {settler ? (
        <Alert
          style={{ marginBottom: 16 }}
          type={settler.running && !settler.last_error ? 'success' : 'warning'}
          showIcon
          title={
            settler.running
              ? `Settler running in this process: ${settler.settled} settled, ${settler.voided} voided (no tick within 10 s) in ${settler.passes} passes since start${settler.last_error ? ` — last error: ${settler.last_error}` : ''}`
              : 'No settler runs in this API process.'
          }
        />
      ) : null}
      {list.isError ? <QueryError error={list.error} what="contract products" onRetry={() => void list.refetch()} /> : null}
      <Table<ContractAdminProduct>
        rowKey="product_id"
        size="middle"
        scroll={{ x: 1000 }}
        loading={list.isPending}
        columns={columns}
        dataSource={list.data?.products ?? []}
        pagination={false}
      />
      <ProductModal key={modal.editing?.product_id ?? 'new'} editing={modal.editing} open={modal.open} onClose={() => setModal({ open: false, editing: null })} />
    </>
  );
}
