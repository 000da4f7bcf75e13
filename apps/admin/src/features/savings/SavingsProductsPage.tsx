/** Console: savings products of every family (create, edit, open/close the window, quota). */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { adminApi, queryKeys } from '../../api/admin';
import { errorText } from '../../api/client';
import type { SavingsAdminProduct } from '@bourse/contract';
import { savingsApi, type ProductInput } from '../../api/savings';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const KIND_LABEL = { savings: 'Savings', lock: 'Lock deposit', pledge: 'Pledge / trusteeship', machine: 'Machine leasing' } as const;
const WINDOW = { 0: <Tag>closed / ended</Tag>, 1: <Tag color="green">open</Tag>, 2: <Tag color="gold">not started</Tag> } as const;

type FormValues = Omit<ProductInput, 'names' | 'start_time' | 'end_time' | 'status'> & {
  name_en: string;
  name_zh?: string;
  window: [Dayjs, Dayjs];
  open: boolean;
};

function toInput(v: FormValues, names: Record<string, string>): ProductInput {
  const { name_en, name_zh, window, open, ...rest } = v;
  return {
    ...rest,
    names: { ...names, en: name_en, ...(name_zh ? { zh: name_zh } : {}) },
    start_time: window[0].toISOString(),
    end_time: window[1].toISOString(),
    status: open ? 1 : 0,
  };
}

function ProductModal({ product, open, onClose }: { product: SavingsAdminProduct | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const currencies = useQuery({ queryKey: queryKeys.currencies, queryFn: adminApi.currencies });
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const input = toInput(v, product?.names ?? {});
      return product ? savingsApi.updateProduct(product.id, input) : savingsApi.createProduct(input);
    },
    onSuccess: async () => {
      void message.success(product ? 'Product saved' : 'Product created');
      await qc.invalidateQueries({ queryKey: ['savings'] });
      onClose();
    },
  });
  const rateMode = Form.useWatch('rate_mode', form);
  // A prepaid lease returns nothing: no early exit, and income is paid out (never compounded).
  const refund = Form.useWatch('refund_principal', form) !== false;
  const onValuesChange = (changed: Partial<FormValues>) => {
    if (changed.refund_principal === false) form.setFieldsValue({ early_redeem: false, forfeit_income: false, payout: 'account' });
    if (!product && changed.kind) form.setFieldsValue({ refund_principal: changed.kind !== 'machine' });
  };
  const initial: Partial<FormValues> = product
    ? {
        kind: product.kind,
        name_en: product.names.en ?? product.name,
        name_zh: product.names.zh,
        currency_id: product.currency_id,
        term_days: product.term_days,
        rate_mode: product.rate_mode,
        daily_rate: product.daily_rate,
        rate_max: product.rate_max,
        min_amount: product.min_amount,
        max_amount: product.max_amount,
        total_quota: product.total_quota,
        window: [dayjs(product.start_time), dayjs(product.end_time)],
        penalty_rate: product.penalty_rate,
        early_redeem: product.early_redeem,
        forfeit_income: product.forfeit_income,
        refund_principal: product.refund_principal,
        payout: product.payout,
        open: product.status === 1,
        sort: product.sort,
      }
    : {
        kind: 'savings',
        term_days: 30,
        rate_mode: 'fixed',
        daily_rate: '0.0003',
        min_amount: '10',
        max_amount: '10000',
        total_quota: '1000000',
        window: [dayjs(), dayjs().add(90, 'day')],
        penalty_rate: '0.01',
        early_redeem: true,
        forfeit_income: false,
        refund_principal: true,
        payout: 'account',
        open: true,
        sort: 0,
      };
  const rate = { pattern: /^\d+(\.\d{1,18})?$/, message: 'A decimal such as 0.0003 (per day)' };
  const amount = { required: true, pattern: /^\d+(\.\d+)?$/, message: 'A positive decimal' };
  return (
    <Modal
      title={product ? `Edit product #${product.id}` : 'New savings product'}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save"
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
      width={640}
    >
      {save.isError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(save.error)} /> : null}
      <Form<FormValues> form={form} layout="vertical" requiredMark={false} initialValues={initial} onValuesChange={onValuesChange} onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
        <Space wrap>
          <Form.Item label="Family" name="kind" rules={[{ required: true }]}>
            <Select style={{ width: 200 }} options={Object.entries(KIND_LABEL).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item label="Currency" name="currency_id" rules={[{ required: true }]} extra={product && product.sold !== '0' ? 'Rates, penalty, payout, refund rule and currency are fixed once anyone has joined' : undefined}>
            <Select style={{ width: 200 }} options={(currencies.data ?? []).map((c) => ({ value: c.id, label: `${c.name}${c.subName ? ` ${c.subName}` : ''}` }))} />
          </Form.Item>
          <Form.Item label="Term (days)" name="term_days" rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item label="Name (English)" name="name_en" rules={[{ required: true, max: 200 }]}>
            <Input style={{ width: 280 }} />
          </Form.Item>
          <Form.Item label="Name (Chinese, optional)" name="name_zh" rules={[{ max: 200 }]}>
            <Input style={{ width: 280 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item label="Rate" name="rate_mode" extra="Range: each day's rate is drawn by the published SHA-256 rule and recorded">
            <Select style={{ width: 160 }} options={[{ value: 'fixed', label: 'Fixed per day' }, { value: 'range', label: 'Range per day' }]} />
          </Form.Item>
          <Form.Item label={rateMode === 'range' ? 'Daily rate min' : 'Daily rate'} name="daily_rate" rules={[{ required: true }, rate]}>
            <Input style={{ width: 140 }} />
          </Form.Item>
          {rateMode === 'range' ? (
            <Form.Item label="Daily rate max" name="rate_max" rules={[{ required: true }, rate]}>
              <Input style={{ width: 140 }} />
            </Form.Item>
          ) : null}
        </Space>
        <Space wrap>
          <Form.Item label="Minimum per user" name="min_amount" rules={[amount]}>
            <Input style={{ width: 150 }} />
          </Form.Item>
          <Form.Item label="Maximum per user" name="max_amount" rules={[amount]}>
            <Input style={{ width: 150 }} />
          </Form.Item>
          <Form.Item label="Total quota" name="total_quota" rules={[amount]} extra={product ? `Sold: ${product.sold}` : undefined}>
            <Input style={{ width: 170 }} />
          </Form.Item>
        </Space>
        <Form.Item label="Subscription window [start, end)" name="window" rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item
          label="Principal returned at maturity"
          name="refund_principal"
          valuePropName="checked"
          extra={refund ? 'Off makes a prepaid lease (machine leasing)' : 'Prepaid lease: the amount is a fee booked to savings revenue at subscription; nothing is refunded, no early redemption, income paid daily to the account'}
        >
          <Switch data-testid="refund-principal" />
        </Form.Item>
        <Space wrap>
          <Form.Item label="Early-redemption penalty (rate on principal)" name="penalty_rate" rules={[{ required: true }, rate]}>
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="Early redemption" name="early_redeem" valuePropName="checked">
            <Switch disabled={!refund} />
          </Form.Item>
          <Form.Item label="Forfeit accrued income" name="forfeit_income" valuePropName="checked">
            <Switch disabled={!refund} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item label="Payout" name="payout">
            <Select style={{ width: 220 }} disabled={!refund} options={[{ value: 'account', label: 'Daily to the user account' }, { value: 'compound', label: 'Compound into the order' }]} />
          </Form.Item>
          <Form.Item label="Window open" name="open" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Sort" name="sort">
            <InputNumber min={-10000} max={10000} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

export default function SavingsProductsPage() {
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  const qc = useQueryClient();
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['savings', 'products'], queryFn: savingsApi.products });
  const [editing, setEditing] = useState<SavingsAdminProduct | null>(null);
  const [creating, setCreating] = useState(false);
  const toggle = useMutation({
    mutationFn: ({ id, open }: { id: number; open: boolean }) => savingsApi.setOpen(id, open),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['savings'] });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const columns: TableColumnsType<SavingsAdminProduct> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    {
      title: 'Product',
      render: (_, p) => (
        <>
          {p.name} {p.is_demo ? <Tag color="purple">demo</Tag> : null}
          <div>
            <Tag>{KIND_LABEL[p.kind]}</Tag>
            {p.currency.name} {p.currency.sub_name}
          </div>
        </>
      ),
    },
    { title: 'Term', dataIndex: 'term_days', render: (d: number) => `${d} d` },
    { title: 'Daily rate', render: (_, p) => (p.rate_mode === 'range' ? `${p.daily_rate} – ${p.rate_max}` : p.daily_rate) },
    { title: 'Min – max', render: (_, p) => `${p.min_amount} – ${p.max_amount}` },
    { title: 'Quota (sold / total)', render: (_, p) => `${p.sold} / ${p.total_quota}` },
    { title: 'Window', render: (_, p) => <>{WINDOW[p.window_status]} <div style={{ fontSize: 12 }}>{dayjs(p.start_time).format('YYYY-MM-DD HH:mm')} → {dayjs(p.end_time).format('YYYY-MM-DD HH:mm')}</div></> },
    { title: 'Penalty', render: (_, p) => (p.early_redeem ? `${p.penalty_rate}${p.forfeit_income ? ' + income' : ''}` : 'no early exit') },
    { title: 'Principal', render: (_, p) => (p.refund_principal ? 'returned' : <Tag color="orange">lease fee, not refunded</Tag>) },
    { title: 'Payout', dataIndex: 'payout' },
    { title: 'Accrual', render: (_, p) => (p.accrual_status === 'stalled' ? <Tag color="red">stalled since {p.stalled_day}</Tag> : <Tag color="green">ok</Tag>) },
    {
      title: 'Open',
      render: (_, p) => <Switch checked={p.status === 1} disabled={!isAdmin} loading={toggle.isPending} onChange={(open) => toggle.mutate({ id: p.id, open })} />,
    },
    { title: '', render: (_, p) => (isAdmin ? <Button size="small" onClick={() => setEditing(p)}>Edit</Button> : null) },
  ];
  return (
    <>
      <PageHeader
        title="Savings products"
        description="One engine for savings, lock deposits, pledge/trusteeship and machine leasing. Income is paid only from the funded yield pool."
        extra={isAdmin ? <Button type="primary" onClick={() => setCreating(true)}>New product</Button> : null}
      />
      {q.isError ? <QueryError error={q.error} what="savings products" onRetry={() => void q.refetch()} /> : null}
      <Table<SavingsAdminProduct> rowKey="id" size="small" loading={q.isPending} dataSource={q.data ?? []} columns={columns} pagination={false} scroll={{ x: true }} />
      <ProductModal key={editing?.id ?? (creating ? 'new' : 'none')} product={editing} open={creating || editing !== null} onClose={() => { setEditing(null); setCreating(false); }} />
    </>
  );
}
