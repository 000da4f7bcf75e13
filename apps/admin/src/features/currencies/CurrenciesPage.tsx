import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { CurrencyView } from '@bourse/contract';
import { adminApi, queryKeys, type NewCurrency } from '../../api/admin';
import { errorText } from '../../api/client';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

function Swatch({ color }: { color: string }) {
  return (
    <span
      style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: color, verticalAlign: -2, marginRight: 6 }}
    />
  );
}

function NewCurrencyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<NewCurrency>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const create = useMutation({
    mutationFn: (values: NewCurrency) => adminApi.createCurrency(values),
    onSuccess: async (created) => {
      void message.success(`Currency ${created.name} added`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.currencies });
      form.resetFields();
      create.reset();
      onClose();
    },
  });
  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };
  return (
    <Modal
      title="New currency"
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText="Add currency"
      okButtonProps={{ loading: create.isPending }}
      destroyOnHidden
      forceRender
    >
      {create.isError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(create.error)} /> : null}
      <Form<NewCurrency>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ sub_name: '', decimals: 8, color: '#627eea', image: '/coins/', sort: 10, is_fiat: false }}
        onFinish={(v) => create.mutate({ ...v, name: v.name.trim().toUpperCase(), sub_name: (v.sub_name ?? '').trim().toUpperCase() })}
        disabled={create.isPending}
      >
        <Form.Item label="Symbol" name="name" rules={[{ required: true, pattern: /^[A-Za-z0-9]{2,12}$/, message: '2–12 letters or digits' }]}>
          <Input placeholder="LTC" />
        </Form.Item>
        <Form.Item label="Network / variant" name="sub_name" extra="e.g. ERC20 or TRC20; empty for a native coin" rules={[{ pattern: /^[A-Za-z0-9]{0,12}$/, message: 'Up to 12 letters or digits' }]}>
          <Input />
        </Form.Item>
        <Form.Item
          label="Decimals"
          name="decimals"
          extra="Base units per coin = 10^decimals. Cannot be changed later."
          rules={[{ required: true, type: 'integer', min: 0, max: 30, message: '0–30' }]}
        >
          <InputNumber min={0} max={30} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="Colour" name="color" rules={[{ required: true, pattern: /^#[0-9a-fA-F]{6}$/, message: 'A colour like #a6a9d0' }]}>
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Image" name="image" extra="A path served by the app (e.g. /coins/ltc.webp) or an https URL" rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Sort order" name="sort" rules={[{ required: true, type: 'integer', min: 0, max: 10000 }]}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
        <Form.Item label="Fiat channel" name="is_fiat" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function CurrenciesPage() {
  const me = useOperator();
  const isAdmin = me.role === 'admin';
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const currencies = useQuery({ queryKey: queryKeys.currencies, queryFn: adminApi.currencies });
  const toggle = useMutation({
    mutationFn: (row: CurrencyView) => adminApi.updateCurrency(row.id, { status: row.status === 1 ? 0 : 1 }),
    onSuccess: async (row) => {
      void message.success(`${row.name} ${row.status === 1 ? 'enabled' : 'disabled'}`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.currencies });
    },
    onError: (err) => void message.error(errorText(err)),
  });

  const columns: TableColumnsType<CurrencyView> = [
    { title: 'ID', dataIndex: 'id', width: 70, render: (id: number) => <span className="mono">#{id}</span> },
    {
      title: 'Currency',
      dataIndex: 'name',
      render: (name: string, row) => (
        <span>
          <Swatch color={row.color} />
          <Typography.Text strong>{name}</Typography.Text> {row.subName ? <Tag>{row.subName}</Tag> : null}
          {row.isFiat ? <Tag color="gold">fiat</Tag> : null}
        </span>
      ),
    },
    { title: 'Decimals', dataIndex: 'decimals', align: 'right', width: 100 },
    { title: 'Colour', dataIndex: 'color', width: 120, render: (c: string) => <span className="mono">{c}</span> },
    { title: 'Image', dataIndex: 'image', render: (src: string) => <span className="mono">{src}</span> },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 200,
      render: (status: number, row) => (
        <span>
          {status === 1 ? <Tag color="green">enabled</Tag> : <Tag color="default">disabled</Tag>}
          {isAdmin ? (
            <Popconfirm
              title={status === 1 ? `Disable ${row.name}? Users will no longer see it.` : `Enable ${row.name}?`}
              onConfirm={() => toggle.mutate(row)}
            >
              <Button size="small" type="link" loading={toggle.isPending && toggle.variables?.id === row.id}>
                {status === 1 ? 'Disable' : 'Enable'}
              </Button>
            </Popconfirm>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Currencies"
        description="Coins and channels the ledger keeps accounts in. Every change is audited."
        extra={
          isAdmin ? (
            <Button type="primary" onClick={() => setCreating(true)}>
              New currency
            </Button>
          ) : null
        }
      />
      {currencies.isError ? (
        <QueryError what="currencies" error={currencies.error} onRetry={() => void currencies.refetch()} />
      ) : (
        <Table<CurrencyView>
          rowKey="id"
          columns={columns}
          dataSource={currencies.data ?? []}
          loading={currencies.isLoading}
          pagination={false}
          locale={{ emptyText: 'No currencies yet' }}
        />
      )}
      <NewCurrencyModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
