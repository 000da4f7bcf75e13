/** Console: per-currency withdrawal limits and fees, transfer fee, exchange spread and fee; whether withdrawals need a code. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Switch, Table, Tag, type TableColumnsType } from 'antd';
import type { AssetsConfig, CurrencyConfig } from '@bourse/contract';
import { errorText } from '../../api/client';
import { assetsApi, assetsKeys } from '../../api/assets';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

type Row = AssetsConfig['currencies'][number];
const NUMBERS: Array<[keyof CurrencyConfig, string]> = [
  ['withdraw_min', 'Withdrawal minimum'],
  ['withdraw_max', 'Withdrawal maximum (0 = none)'],
  ['withdraw_fee', 'Withdrawal fee (taken from the amount)'],
  ['withdraw_daily_limit', 'Daily limit per user (0 = none)'],
  ['two_approval_threshold', 'Two approvals at or above (0 = never)'],
  ['transfer_fee', 'Transfer fee'],
  ['exchange_spread', 'Exchange spread (fraction, e.g. 0.002)'],
  ['exchange_fee_rate', 'Exchange fee rate (fraction)'],
];

export default function LimitsPage() {
  const me = useOperator();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const [form] = Form.useForm<CurrencyConfig>();
  const q = useQuery({ queryKey: assetsKeys.config, queryFn: assetsApi.config });
  const save = useMutation({
    mutationFn: (v: { id: number; c: Omit<CurrencyConfig, 'currency_id'> }) =>
      assetsApi.saveConfig(v.id, v.c),
    onSuccess: async () => {
      void message.success('Saved');
      setEditing(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'assets'] });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const settings = useMutation({
    mutationFn: (on: boolean) => assetsApi.saveSettings({ withdraw_code_required: on }),
    onSuccess: async () => {
      void message.success('Saved');
      await qc.invalidateQueries({ queryKey: assetsKeys.config });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const admin = me.role === 'admin';
  const columns: TableColumnsType<Row> = [
    { title: 'Currency', render: (_, r) => `${r.currency.name} ${r.currency.sub_name}` },
    {
      title: 'Deposit',
      render: (_, r) => (
        <Tag color={r.config.deposit_enabled ? 'green' : 'default'}>
          {r.config.deposit_enabled ? 'on' : 'off'}
        </Tag>
      ),
    },
    {
      title: 'Withdraw',
      render: (_, r) => (
        <Tag color={r.config.withdraw_enabled ? 'green' : 'default'}>
          {r.config.withdraw_enabled ? 'on' : 'off'}
        </Tag>
      ),
    },
    {
      title: 'Min / max',
      render: (_, r) => (
        <span className="mono">{`${r.config.withdraw_min} / ${r.config.withdraw_max === '0' ? '∞' : r.config.withdraw_max}`}</span>
      ),
    },
    { title: 'Fee', render: (_, r) => <span className="mono">{r.config.withdraw_fee}</span> },
    {
      title: 'Daily',
      render: (_, r) => (
        <span className="mono">
          {r.config.withdraw_daily_limit === '0' ? '∞' : r.config.withdraw_daily_limit}
        </span>
      ),
    },
    {
      title: '2 approvals ≥',
      render: (_, r) => (
        <span className="mono">
          {r.config.two_approval_threshold === '0' ? 'never' : r.config.two_approval_threshold}
        </span>
      ),
    },
    { title: 'Transfer fee', render: (_, r) => <span className="mono">{r.config.transfer_fee}</span> },
    {
      title: 'Exchange spread / fee',
      render: (_, r) => (
        <span className="mono">
          {r.config.exchange_enabled ? `${r.config.exchange_spread} / ${r.config.exchange_fee_rate}` : 'off'}
        </span>
      ),
    },
    {
      title: '',
      render: (_, r) =>
        admin ? (
          <Button
            size="small"
            onClick={() => {
              setEditing(r);
              form.setFieldsValue(r.config);
            }}
          >
            Edit
          </Button>
        ) : null,
    },
  ];
  return (
    <div>
      <PageHeader
        title="Limits & fees"
        description={`Per-currency configuration. Exchange quotes stay valid ${String((q.data?.quote_ttl_ms ?? 0) / 1000)} s (ASSETS_QUOTE_TTL_MS).`}
        extra={
          <span>
            Withdrawals need a verification code{' '}
            <Switch
              checked={q.data?.withdraw_code_required ?? true}
              disabled={!admin}
              loading={settings.isPending}
              onChange={(on) => settings.mutate(on)}
            />
          </span>
        }
      />
      {q.isError ? <QueryError error={q.error} onRetry={q.refetch} what="configuration" /> : null}
      <Table<Row>
        rowKey={(r) => r.currency.id}
        size="small"
        loading={q.isPending}
        dataSource={q.data?.currencies ?? []}
        columns={columns}
        pagination={false}
      />
      <Modal
        open={editing !== null}
        title={`Edit ${editing?.currency.name ?? ''} ${editing?.currency.sub_name ?? ''}`}
        okText="Save"
        confirmLoading={save.isPending}
        onOk={() =>
          void form.validateFields().then((v) => editing && save.mutate({ id: editing.currency.id, c: v }))
        }
        onCancel={() => setEditing(null)}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="deposit_enabled" label="Deposits enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="withdraw_enabled" label="Withdrawals enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="exchange_enabled" label="Exchange enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
          {NUMBERS.map(([key, label]) => (
            <Form.Item
              key={key}
              name={key}
              label={label}
              rules={[{ required: true, pattern: /^\d+(\.\d+)?$/, message: 'A non-negative decimal' }]}
            >
              <Input className="mono" />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </div>
  );
}
