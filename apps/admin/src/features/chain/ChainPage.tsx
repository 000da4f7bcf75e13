import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { ChainAssetRow, ChainRow, ChainSend, PendingDeposit } from '@bourse/contract';
import { errorText } from '../../api/client';
import { chainApi, chainKeys } from '../../api/chain';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const REFRESH_MS = 10_000;

function Mono({ value, max = 14 }: { value: string | null | undefined; max?: number }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  const short = value.length > max ? `${value.slice(0, max - 4)}…${value.slice(-4)}` : value;
  return (
    <Typography.Text className="mono" copyable={{ text: value }} title={value}>
      {short}
    </Typography.Text>
  );
}

function WatcherCard({ row }: { row: ChainRow }) {
  const w = row.watcher;
  const lag = w?.head && row.last_scanned_block ? BigInt(w.head) - BigInt(row.last_scanned_block) : null;
  return (
    <Card
      size="small"
      title={
        <Space>
          {row.label}
          {row.chain_id !== null ? <Tag>chain id {row.chain_id}</Tag> : null}
        </Space>
      }
      extra={
        w ? (
          w.running ? (
            <Tag color="success">watching</Tag>
          ) : (
            <Tag color="warning">stopped</Tag>
          )
        ) : (
          <Tag>no watcher</Tag>
        )
      }
      style={{ minWidth: 300, flex: 1 }}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Deposit addresses">{row.addresses}</Descriptions.Item>
        <Descriptions.Item label="Confirmations">{row.confirmations}</Descriptions.Item>
        <Descriptions.Item label="Last scanned block">
          {row.last_scanned_block ?? '—'}
          {lag !== null && lag > 0n ? (
            <Typography.Text type="secondary">
              {' '}
              ({lag.toString()} behind head {w?.head})
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label="Last round">
          {w?.lastTickAt ? new Date(w.lastTickAt).toLocaleString() : '—'}
        </Descriptions.Item>
        {w ? <Descriptions.Item label="Reorgs seen">{w.reorgs}</Descriptions.Item> : null}
      </Descriptions>
      {w?.lastError ? (
        <Alert type="error" showIcon title="Last round failed" description={w.lastError} />
      ) : null}
      {!w ? (
        <Typography.Text type="secondary">
          {row.chain === 'evm'
            ? 'Not watched: set EVM_RPC_URL to scan deposits.'
            : 'This build has no watcher for this chain: addresses are issued, deposits are credited by operators.'}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

const pendingColumns: TableColumnsType<PendingDeposit> = [
  { title: 'Currency', dataIndex: 'currency' },
  { title: 'User', dataIndex: 'user_id', width: 80 },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    render: (v: string) => <span className="amount">{v}</span>,
  },
  { title: 'Address', dataIndex: 'address', render: (v: string) => <Mono value={v} /> },
  {
    title: 'Transaction',
    dataIndex: 'tx_hash',
    render: (v: string, r) => <Mono value={`${v}${r.log_index >= 0 ? `#${r.log_index}` : ''}`} />,
  },
  { title: 'Block', dataIndex: 'block_number' },
  {
    title: 'Confirmations',
    key: 'conf',
    render: (_, r) => (r.confirmations === null ? '—' : r.confirmations),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (s: PendingDeposit['status']) =>
      s === 'pending' ? (
        <Tag color="processing">pending</Tag>
      ) : s === 'below_min' ? (
        <Tag color="warning">below minimum</Tag>
      ) : (
        <Tag>dropped (reorg)</Tag>
      ),
  },
];

const sendColumns: TableColumnsType<ChainSend> = [
  { title: 'Withdrawal', dataIndex: 'withdrawal_id', width: 100 },
  { title: 'Nonce', dataIndex: 'nonce', width: 80 },
  { title: 'To', dataIndex: 'to', render: (v: string) => <Mono value={v} /> },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    render: (v: string) => <span className="amount">{v}</span>,
  },
  { title: 'Transaction', dataIndex: 'tx_hash', render: (v: string) => <Mono value={v} /> },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (s: ChainSend['status'], r) => (
      <Flex vertical gap={2}>
        <Tag color={s === 'confirmed' ? 'success' : s === 'failed' ? 'error' : 'processing'}>{s}</Tag>
        {r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : null}
      </Flex>
    ),
  },
];

function MinDepositCell({ row }: { row: ChainAssetRow }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(row.min_deposit);
  const save = useMutation({
    mutationFn: (body: { min_deposit?: string; enabled?: boolean }) =>
      chainApi.updateAsset(row.currency_id, body),
    onSuccess: async () => {
      void message.success(`${row.currency}${row.sub_name ? ` ${row.sub_name}` : ''} saved`);
      await queryClient.invalidateQueries({ queryKey: chainKeys.status });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  return (
    <Space>
      <Input
        value={value}
        onChange={(e) => setValue(e.target.value)}
        style={{ width: 140 }}
        aria-label="Minimum deposit"
      />
      <Button
        size="small"
        disabled={value === row.min_deposit}
        loading={save.isPending}
        onClick={() => save.mutate({ min_deposit: value })}
      >
        Save
      </Button>
      <Switch
        checked={row.enabled}
        loading={save.isPending}
        checkedChildren="on"
        unCheckedChildren="off"
        onChange={(enabled) => save.mutate({ enabled })}
      />
    </Space>
  );
}

const assetColumns: TableColumnsType<ChainAssetRow> = [
  { title: 'Currency', key: 'c', render: (_, r) => `${r.currency}${r.sub_name ? ` ${r.sub_name}` : ''}` },
  { title: 'Chain', dataIndex: 'chain' },
  {
    title: 'Token contract',
    dataIndex: 'token_address',
    render: (v: string | null) => <Mono value={v} max={18} />,
  },
  {
    title: 'Minimum deposit · deposits',
    key: 'min',
    render: (_, r) => <MinDepositCell key={`${r.currency_id}:${r.min_deposit}`} row={r} />,
  },
];

export default function ChainPage() {
  const q = useQuery({ queryKey: chainKeys.status, queryFn: chainApi.status, refetchInterval: REFRESH_MS });
  const data = q.data;
  return (
    <>
      <PageHeader
        title="Blockchain wallets"
        description="Deposit addresses (one per user and chain, from the HD seed), chain watchers, pending deposits and the withdrawal hot wallet."
        extra={
          <Button onClick={() => void q.refetch()} loading={q.isFetching}>
            Refresh
          </Button>
        }
      />
      {q.isLoading ? <Card loading /> : null}
      {q.error ? <QueryError error={q.error} onRetry={() => q.refetch()} what="the chain status" /> : null}
      {data ? (
        <Flex vertical gap={16}>
          {!data.wallet ? (
            <Alert
              type="warning"
              showIcon
              title="No wallet seed"
              description="Set WALLET_MNEMONIC (or WALLET_XPUB_EVM / _TRON / _BTC) to issue deposit addresses."
            />
          ) : data.wallet.source === 'demo' ? (
            <Alert
              type="warning"
              showIcon
              title="Demo seed"
              description="Deposit addresses come from a demo seed generated on first start and stored in the database. Never send real funds to them; set WALLET_MNEMONIC for real use."
            />
          ) : null}
          <Flex gap={16} wrap>
            {data.chains.map((c) => (
              <WatcherCard key={c.chain} row={c} />
            ))}
          </Flex>
          <Card size="small" title="Deposits waiting for confirmations">
            <Table<PendingDeposit>
              rowKey="id"
              size="small"
              columns={pendingColumns}
              dataSource={data.pending}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty description="No deposit is waiting" /> }}
              scroll={{ x: true }}
            />
          </Card>
          <Card size="small" title="Withdrawal hot wallet (EVM)">
            {data.signer ? (
              <>
                <Descriptions size="small" column={{ xs: 1, md: 2 }}>
                  <Descriptions.Item label="Address">
                    <Mono value={data.signer.address} max={42} />
                  </Descriptions.Item>
                  <Descriptions.Item label="ETH balance">{data.signer.eth_balance ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="USDT (ERC20) balance">
                    {data.signer.token_balance ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="Nonce (latest / pending)">
                    {data.signer.nonce_latest ?? '—'} / {data.signer.nonce_pending ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label="Last recorded nonce">
                    {data.signer.last_recorded_nonce ?? '—'}
                  </Descriptions.Item>
                </Descriptions>
                {data.signer.last_error ? (
                  <Alert
                    type="error"
                    showIcon
                    title="Last signer round failed"
                    description={data.signer.last_error}
                  />
                ) : null}
                <Table<ChainSend>
                  rowKey="id"
                  size="small"
                  columns={sendColumns}
                  dataSource={data.signer.sends}
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  locale={{ emptyText: <Empty description="Nothing sent yet" /> }}
                  scroll={{ x: true }}
                />
              </>
            ) : (
              <Typography.Text type="secondary">
                No signer: set EVM_RPC_URL and EVM_SIGNER_KEY to send approved withdrawals automatically.
                Without it, operators mark withdrawals sent and completed on the withdrawals page.
              </Typography.Text>
            )}
          </Card>
          <Card size="small" title="Deposit settings per currency">
            <Table<ChainAssetRow>
              rowKey="currency_id"
              size="small"
              columns={assetColumns}
              dataSource={data.assets}
              pagination={false}
            />
          </Card>
        </Flex>
      ) : null}
    </>
  );
}
