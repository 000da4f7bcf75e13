/** Console: deposits — manual deposits to confirm or reject (with the proof), chain and demo credits, and the demo credit form. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import type { AdminDeposit } from '@bourse/contract';
import { errorText } from '../../api/client';
import { assetsApi, assetsKeys } from '../../api/assets';
import { useOperator } from '../../app/auth';
import { amountProblem } from '../../lib/amount';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { UploadImage } from '../kyc/UploadImage';
import { BankChannelCard } from './BankChannelCard';

const COLORS: Record<AdminDeposit['status'], string> = { review: 'gold', credited: 'green', rejected: 'red' };

export default function DepositsPage() {
  const me = useOperator();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<string>('review');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminDeposit | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({
    queryKey: assetsKeys.deposits(status, undefined, page),
    queryFn: () => assetsApi.deposits({ status: status === 'all' ? undefined : status, page }),
    refetchInterval: 5000,
  });
  const cfg = useQuery({ queryKey: assetsKeys.config, queryFn: assetsApi.config });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'assets'] });
  const onError = (err: unknown) => void message.error(errorText(err));
  const confirm = useMutation({
    mutationFn: (id: number) => assetsApi.confirmDeposit(id),
    onSuccess: async (r) => {
      void message.success(`Deposit #${r.id} credited`);
      await refresh();
    },
    onError,
  });
  const reject = useMutation({
    mutationFn: (v: { id: number; reason: string }) => assetsApi.rejectDeposit(v.id, v.reason),
    onSuccess: async (r) => {
      void message.success(`Deposit #${r.id} rejected`);
      setRejecting(null);
      setReason('');
      await refresh();
    },
    onError,
  });
  const demo = useMutation({
    mutationFn: (v: { user_id: number; currency_id: number; amount: string }) => assetsApi.demoDeposit(v),
    onSuccess: async (r) => {
      void message.success(`Demo deposit #${r.depositId} credited`);
      await refresh();
    },
    onError,
  });
  const canReview = me.role === 'admin' || me.role === 'reviewer';

  const columns: TableColumnsType<AdminDeposit> = [
    { title: 'ID', dataIndex: 'id', width: 70, render: (id: number) => <span className="mono">#{id}</span> },
    { title: 'User', render: (_, d) => `${d.user ?? ''} (#${d.user_id})${d.is_demo_user ? ' · demo' : ''}` },
    { title: 'Coin', render: (_, d) => `${d.currency_name} ${d.sub_name}` },
    { title: 'Amount', dataIndex: 'amount', render: (a: string) => <span className="mono">{a}</span> },
    {
      title: 'Source',
      dataIndex: 'source',
      render: (s: string, d) =>
        s === 'chain' ? (
          <span className="mono">{`${d.chain ?? ''} ${d.tx_hash?.slice(0, 12) ?? ''}…`}</span>
        ) : (
          s
        ),
    },
    {
      // The proof is a private upload: loaded with the operator token (a plain link would be
      // refused), shown as a thumbnail that opens full size.
      title: 'Proof',
      dataIndex: 'proof',
      width: 110,
      render: (p: string | null, d) =>
        p ? (
          <span data-testid={`deposit-proof-${d.id}`}>
            <UploadImage src={p} alt={`Proof of deposit #${d.id}`} width={88} />
          </span>
        ) : null,
    },
    {
      title: 'Status',
      render: (_, d) => (
        <Space direction="vertical" size={0}>
          <Tag color={COLORS[d.status]}>{d.status}</Tag>
          {d.reason ? <span>{d.reason}</span> : null}
        </Space>
      ),
    },
    { title: 'Created', dataIndex: 'created_at', render: (s: string) => new Date(s).toLocaleString() },
    {
      title: '',
      width: 180,
      render: (_, d) =>
        canReview && d.status === 'review' ? (
          <Space>
            <Button
              size="small"
              type="primary"
              onClick={() => confirm.mutate(d.id)}
              data-testid={`deposit-confirm-${d.id}`}
            >
              Confirm
            </Button>
            <Button size="small" danger onClick={() => setRejecting(d)}>
              Reject
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <div>
      <PageHeader
        title="Deposits"
        description="Manual deposits are credited from the external account once confirmed. Chain deposits are credited by the chain watcher."
        extra={
          <Segmented
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={['review', 'credited', 'rejected', 'all']}
          />
        }
      />
      {cfg.data?.demo_data && me.role === 'admin' ? (
        <Card
          size="small"
          title="Demo deposit (demo data only, demo users only)"
          style={{ marginBottom: 16 }}
        >
          <Form
            layout="inline"
            onFinish={(v: { user_id: number; currency_id: number; amount: string }) => demo.mutate(v)}
          >
            <Form.Item name="user_id" rules={[{ required: true }]}>
              <InputNumber min={1} placeholder="User ID" data-testid="demo-user" />
            </Form.Item>
            <Form.Item name="currency_id" rules={[{ required: true }]}>
              <Select
                style={{ width: 180 }}
                placeholder="Currency"
                options={(cfg.data?.currencies ?? []).map((c) => ({
                  value: c.currency.id,
                  label: `${c.currency.name} ${c.currency.sub_name}`,
                }))}
                data-testid="demo-currency"
              />
            </Form.Item>
            <Form.Item
              name="amount"
              dependencies={['currency_id']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_: unknown, value: string | undefined) => {
                    const id = getFieldValue('currency_id') as number | undefined;
                    const currency = cfg.data?.currencies.find((c) => c.currency.id === id)?.currency;
                    // Until a currency is chosen: only what any currency would refuse.
                    const problem = amountProblem(value, currency?.decimals ?? 18);
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input placeholder="Amount" data-testid="demo-amount" />
            </Form.Item>
            <Button htmlType="submit" type="primary" loading={demo.isPending} data-testid="demo-submit">
              Credit
            </Button>
          </Form>
        </Card>
      ) : null}
      <BankChannelCard canEdit={me.role === 'admin'} />
      {list.isError ? <QueryError error={list.error} onRetry={list.refetch} what="deposits" /> : null}
      <Table<AdminDeposit>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.data ?? []}
        columns={columns}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
      <Modal
        open={rejecting !== null}
        title={`Reject deposit #${rejecting?.id ?? ''}`}
        okText="Reject"
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: reject.isPending }}
        onOk={() => rejecting && reject.mutate({ id: rejecting.id, reason: reason.trim() })}
        onCancel={() => setRejecting(null)}
      >
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          rows={3}
          placeholder="Reason shown to the user"
        />
      </Modal>
    </div>
  );
}
