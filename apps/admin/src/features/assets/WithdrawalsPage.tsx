/** Console: withdrawal review queue — approve (two operators above the threshold), reject with a reason, mark sent with a hash, complete. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import type { AdminWithdrawal, WithdrawalStatus } from '@bourse/contract';
import { errorText } from '../../api/client';
import { assetsApi, assetsKeys } from '../../api/assets';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const COLORS: Record<WithdrawalStatus, string> = {
  review: 'gold',
  approved: 'blue',
  sent: 'geekblue',
  completed: 'green',
  rejected: 'red',
};

export default function WithdrawalsPage() {
  const me = useOperator();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<WithdrawalStatus | 'all'>('review');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const [sending, setSending] = useState<AdminWithdrawal | null>(null);
  const [text, setText] = useState('');
  const list = useQuery({
    queryKey: assetsKeys.withdrawals(status, page),
    queryFn: () => assetsApi.withdrawals({ status: status === 'all' ? undefined : status, page }),
    refetchInterval: 5000,
  });
  const canReview = me.role === 'admin' || me.role === 'reviewer';
  const done = async (msg: string) => {
    void message.success(msg);
    setRejecting(null);
    setSending(null);
    setText('');
    await qc.invalidateQueries({ queryKey: ['admin', 'assets'] });
  };
  const onError = (err: unknown) => void message.error(errorText(err));
  const approve = useMutation({
    mutationFn: (id: number) => assetsApi.approve(id),
    onSuccess: (r) =>
      done(
        r.status === 'approved'
          ? `Withdrawal #${r.id} approved`
          : `First approval recorded for #${r.id}; a second operator must approve`,
      ),
    onError,
  });
  const reject = useMutation({
    mutationFn: (v: { id: number; reason: string }) => assetsApi.reject(v.id, v.reason),
    onSuccess: (r) => done(`Withdrawal #${r.id} rejected; funds unfrozen`),
    onError,
  });
  const sent = useMutation({
    mutationFn: (v: { id: number; hash: string }) => assetsApi.markSent(v.id, v.hash),
    onSuccess: (r) => done(`Withdrawal #${r.id} marked sent`),
    onError,
  });
  const complete = useMutation({
    mutationFn: (id: number) => assetsApi.complete(id),
    onSuccess: (r) => done(`Withdrawal #${r.id} completed`),
    onError,
  });

  const columns: TableColumnsType<AdminWithdrawal> = [
    { title: 'ID', dataIndex: 'id', width: 70, render: (id: number) => <span className="mono">#{id}</span> },
    { title: 'User', width: 180, render: (_, w) => `${w.user ?? ''} (#${w.user_id})` },
    { title: 'Coin', width: 120, render: (_, w) => `${w.currency_name} ${w.sub_name}` },
    {
      title: 'Amount / fee / receive',
      render: (_, w) => <span className="mono">{`${w.amount} / ${w.fee} / ${w.receive}`}</span>,
    },
    {
      title: 'Address',
      dataIndex: 'address',
      render: (a: string, w) => (
        <Tooltip title={w.network}>
          <span className="mono">{a}</span>
        </Tooltip>
      ),
    },
    {
      title: 'Status',
      width: 170,
      render: (_, w) => (
        <Space direction="vertical" size={0}>
          <Tag color={COLORS[w.status]} data-testid="withdrawal-status">
            {w.status}
          </Tag>
          {w.needs_two && w.status === 'review' ? <span>{`${w.approvals}/2 approvals`}</span> : null}
          {w.reason ? <span>{w.reason}</span> : null}
          {w.tx_hash ? <span className="mono">{`${w.tx_hash.slice(0, 12)}…`}</span> : null}
        </Space>
      ),
    },
    {
      title: 'Requested',
      dataIndex: 'created_at',
      width: 170,
      render: (s: string) => new Date(s).toLocaleString(),
    },
    {
      title: '',
      width: 220,
      render: (_, w) =>
        canReview ? (
          <Space wrap>
            {w.status === 'review' && (
              <Button
                size="small"
                type="primary"
                onClick={() => approve.mutate(w.id)}
                loading={approve.isPending}
                data-testid={`approve-${w.id}`}
              >
                Approve
              </Button>
            )}
            {(w.status === 'review' || w.status === 'approved') && (
              <Button size="small" danger onClick={() => setRejecting(w)} data-testid={`reject-${w.id}`}>
                Reject
              </Button>
            )}
            {w.status === 'approved' && (
              <Button size="small" onClick={() => setSending(w)} data-testid={`sent-${w.id}`}>
                Mark sent
              </Button>
            )}
            {w.status === 'sent' && (
              <Button
                size="small"
                type="primary"
                onClick={() => complete.mutate(w.id)}
                data-testid={`complete-${w.id}`}
              >
                Complete
              </Button>
            )}
          </Space>
        ) : null,
    },
  ];

  return (
    <div>
      <PageHeader
        title="Withdrawals"
        description="Funds are frozen at request. Above a currency's threshold two different operators must approve. With no signer configured, send from the hot wallet and record the hash here."
        extra={
          <Segmented
            value={status}
            onChange={(v) => {
              setStatus(v as WithdrawalStatus | 'all');
              setPage(1);
            }}
            options={['review', 'approved', 'sent', 'completed', 'rejected', 'all']}
          />
        }
      />
      {list.isError ? <QueryError error={list.error} onRetry={list.refetch} what="withdrawals" /> : null}
      <Table<AdminWithdrawal>
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
        data-testid="withdrawals-table"
      />
      <Modal
        open={rejecting !== null}
        title={`Reject withdrawal #${rejecting?.id ?? ''}`}
        okText="Reject"
        okButtonProps={{
          danger: true,
          disabled: !text.trim(),
          loading: reject.isPending,
          'data-testid': 'reject-confirm',
        }}
        onOk={() => rejecting && reject.mutate({ id: rejecting.id, reason: text.trim() })}
        onCancel={() => setRejecting(null)}
      >
        <p>The user sees this reason; the frozen amount returns to their account.</p>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={500}
          rows={3}
          data-testid="reject-reason"
        />
      </Modal>
      <Modal
        open={sending !== null}
        title={`Mark withdrawal #${sending?.id ?? ''} sent`}
        okText="Mark sent"
        okButtonProps={{
          disabled: !/^(0x)?[0-9a-fA-F]{64}$/.test(text.trim()),
          loading: sent.isPending,
          'data-testid': 'sent-confirm',
        }}
        onOk={() => sending && sent.mutate({ id: sending.id, hash: text.trim() })}
        onCancel={() => setSending(null)}
      >
        <p>
          Send{' '}
          <b>
            {sending?.receive} {sending?.currency_name}
          </b>{' '}
          to <span className="mono">{sending?.address}</span>, then paste{' '}
          {sending?.network === 'BANKCARD' ? 'the bank transfer reference' : 'the transaction hash'}.
        </p>
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={sending?.network === 'BANKCARD' ? 'Bank reference' : '0x…'}
          data-testid="sent-hash"
        />
      </Modal>
    </div>
  );
}
