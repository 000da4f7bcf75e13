/** Console: spot orders (open or history, any user) with operator cancel, and the latest trades. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, InputNumber, Popconfirm, Segmented, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { errorText } from '../../api/client';
import type { SpotAdminOrder, SpotAdminTrade, SpotUserLabel } from '@bourse/contract';
import { spotApi, spotKeys } from '../../api/spot';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

/** A user id with its name; the labelled demo bots are tagged. */
function UserCell({ id, user }: { id: number | undefined; user: SpotUserLabel | null | undefined }) {
  return (
    <span>
      <span className="mono">#{id}</span> {user?.label}
      {user?.demo ? (
        <Tag color="gold" style={{ marginLeft: 4 }}>
          demo
        </Tag>
      ) : null}
    </span>
  );
}

export default function SpotOrdersPage() {
  const me = useOperator();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<'pending' | 'history'>('pending');
  const [symbol, setSymbol] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [userId, setUserId] = useState<number | undefined>();
  const markets = useQuery({ queryKey: spotKeys.markets, queryFn: spotApi.markets });
  const orders = useQuery({
    queryKey: spotKeys.orders(status, symbol, page, userId),
    queryFn: () => spotApi.orders(status, symbol, page, userId),
    refetchInterval: 5000,
  });
  const trades = useQuery({ queryKey: spotKeys.trades(symbol), queryFn: () => spotApi.trades(symbol), refetchInterval: 5000 });
  const cancel = useMutation({
    mutationFn: (id: string) => spotApi.cancel(id),
    onSuccess: async (o) => {
      void message.success(`Order #${o.id} cancelled`);
      await qc.invalidateQueries({ queryKey: ['admin', 'spot'] });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const columns: TableColumnsType<SpotAdminOrder> = [
    { title: 'ID', dataIndex: 'id', width: 80, render: (id: string) => <span className="mono">#{id}</span> },
    { title: 'User', width: 220, render: (_, o) => <UserCell id={o.user_id} user={o.user} /> },
    { title: 'Market', dataIndex: 'symbol', width: 110 },
    { title: 'Side', width: 130, render: (_, o) => <Tag color={o.side === 'buy' ? 'green' : 'red'}>{`${o.side} ${o.order_type}${o.time_in_force !== 'gtc' ? ` ${o.time_in_force}` : ''}`}</Tag> },
    { title: 'Price', dataIndex: 'price', render: (p: string | null) => p ?? 'market' },
    { title: 'Filled / amount', render: (_, o) => `${o.filled} / ${o.amount}` },
    { title: 'Avg', dataIndex: 'avg_price', render: (p: string | null) => p ?? '--' },
    { title: 'Fee', render: (_, o) => `${o.fee} ${o.fee_currency}` },
    { title: 'Status', render: (_, o) => `${o.status}${o.cancel_reason ? ` (${o.cancel_reason})` : ''}` },
    { title: 'Created', dataIndex: 'created_at', render: (s: string) => new Date(s).toLocaleString() },
    {
      title: '',
      width: 90,
      render: (_, o) =>
        o.status === 'open' && me.role !== 'reviewer' ? (
          <Popconfirm title={`Cancel order #${o.id}? Its frozen funds return to the user.`} onConfirm={() => cancel.mutate(o.id)}>
            <Button size="small" type="link" danger>
              Cancel
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  const tradeColumns: TableColumnsType<SpotAdminTrade> = [
    { title: 'ID', dataIndex: 'id', width: 80, render: (id: string) => <span className="mono">#{id}</span> },
    { title: 'Market', dataIndex: 'symbol' },
    { title: 'Price', dataIndex: 'price', render: (p: string) => p.replace(/\.?0+$/, '') },
    { title: 'Amount', dataIndex: 'amount' },
    { title: 'Value', dataIndex: 'quote_amount' },
    { title: 'Taker', dataIndex: 'taker_side' },
    {
      title: 'Maker / taker user',
      render: (_, t) => (
        <>
          <UserCell id={t.maker_user_id} user={t.maker_user} /> / <UserCell id={t.taker_user_id} user={t.taker_user} />
        </>
      ),
    },
    { title: 'Fees (buyer / seller)', render: (_, t) => `${t.buyer_fee} / ${t.seller_fee}` },
    { title: 'Journal entry', dataIndex: 'entry_id', render: (e: string) => <span className="mono">#{e}</span> },
    { title: 'At', dataIndex: 'at', render: (s: string) => new Date(s).toLocaleTimeString() },
  ];
  return (
    <div>
      <PageHeader
        title="Spot orders"
        description="Every user's spot orders; an operator cancel is audited and releases the frozen funds."
        extra={
          <>
            <InputNumber
              placeholder="User ID"
              min={1}
              precision={0}
              style={{ width: 120 }}
              value={userId}
              onChange={(v) => {
                setUserId(v ?? undefined);
                setPage(1);
              }}
              data-testid="spot-orders-user"
            />
            <Select
              allowClear
              placeholder="All markets"
              style={{ width: 160 }}
              value={symbol}
              onChange={(v: string | undefined) => {
                setSymbol(v);
                setPage(1);
              }}
              options={(markets.data ?? []).map((m) => ({ value: m.symbol, label: m.symbol }))}
            />
            <Segmented
              value={status}
              onChange={(v) => {
                setStatus(v as 'pending' | 'history');
                setPage(1);
              }}
              options={[
                { value: 'pending', label: 'Open' },
                { value: 'history', label: 'History' },
              ]}
            />
          </>
        }
      />
      {orders.isError ? <QueryError error={orders.error} onRetry={orders.refetch} what="orders" /> : null}
      <Table<SpotAdminOrder>
        rowKey="id"
        size="small"
        loading={orders.isPending}
        dataSource={orders.data?.list ?? []}
        columns={columns}
        pagination={{ current: page, pageSize: 20, total: orders.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        Latest trades
      </Typography.Title>
      {trades.isError ? <QueryError error={trades.error} onRetry={trades.refetch} what="trades" /> : null}
      <Table<SpotAdminTrade> rowKey="id" size="small" loading={trades.isPending} dataSource={trades.data ?? []} columns={tradeColumns} pagination={{ pageSize: 20 }} />
    </div>
  );
}
