/** Console: price feed status per market (last tick, age, source) and the feed configuration. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import type { FeedMarket } from '@bourse/contract';
import { marketApi, marketKeys } from '../../api/market';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

function age(ms: number | null): string {
  if (ms === null) return 'never';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

export default function FeedPage() {
  const feed = useQuery({ queryKey: marketKeys.feed, queryFn: marketApi.feed, refetchInterval: 2000 });
  const d = feed.data;
  const columns: TableColumnsType<FeedMarket> = [
    { title: 'Market', dataIndex: 'symbol' },
    { title: 'Source', dataIndex: 'source', render: (s: string) => (s === 'simulated' ? <Tag color="gold">simulated (demo)</Tag> : <Tag color="blue">{s}</Tag>) },
    { title: 'Last price', dataIndex: 'last_price', align: 'right', render: (p: string | null) => <span className="mono">{p ?? '—'}</span> },
    { title: 'Last tick', dataIndex: 'last_tick_at', render: (t: string | null) => <span className="mono">{t ? new Date(t).toLocaleString() : '—'}</span> },
    { title: 'Age', dataIndex: 'age_ms', align: 'right', render: (ms: number | null) => age(ms) },
    {
      title: 'State',
      render: (_, r) => (r.status !== 1 ? <Tag>suspended</Tag> : r.stale ? <Tag color="red">stale</Tag> : <Tag color="green">live</Tag>),
    },
  ];
  return (
    <>
      <PageHeader
        title="Price feed"
        description="Every price used later (settlement, exchange) is a stored tick. A price older than the staleness limit is never used."
      />
      {feed.isError ? <QueryError error={feed.error} what="the price feed" onRetry={() => void feed.refetch()} /> : null}
      {d?.last_error ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`Last feed error: ${d.last_error}`} /> : null}
      {d?.ccxt.last_error ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`ccxt: ${d.ccxt.last_error}`} /> : null}
      <Card size="small" title="Configuration (environment)" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="MARKET_FEED">
            {d ? <Tag color={d.running ? 'green' : 'default'}>{d.mode}{d.running ? ' · running' : ''}</Tag> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="This process">
            {d ? (d.role === 'standby' ? <Tag color="default">standing by (another process runs the feed)</Tag> : <Tag color="green">{d.role === 'leader' ? 'runs the feed (leader)' : 'runs the feed'}</Tag>) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="MARKET_TICK_MS">{d?.tick_ms ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="MARKET_TICK_RETENTION_DAYS">{d ? (d.tick_retention_days ? `${d.tick_retention_days} d` : 'keep all') : '—'}</Descriptions.Item>
          <Descriptions.Item label="Last pruning">
            {d?.last_prune ? `${new Date(d.last_prune.at).toLocaleString()} · ${d.last_prune.deleted} ticks before ${new Date(d.last_prune.cutoff).toLocaleString()}` : 'not yet'}
          </Descriptions.Item>
          <Descriptions.Item label="MARKET_SEED">{d?.seed ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="MARKET_BACKFILL_DAYS">{d?.backfill_days ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Staleness limit">{d ? `${d.stale_ms / 1000} s` : '—'}</Descriptions.Item>
          <Descriptions.Item label="Rounds">{d?.steps ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="CCXT_EXCHANGE">{d?.ccxt.exchange ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="CCXT_SYMBOLS">{d?.ccxt.symbols.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="ccxt polls">{d ? `${d.ccxt.polls}${d.ccxt.last_poll_at ? ` · last ${new Date(d.ccxt.last_poll_at).toLocaleTimeString()}` : ''}` : '—'}</Descriptions.Item>
        </Descriptions>
        <div style={{ marginTop: 8, color: '#888' }}>Per-market source, exchange symbol and simulation parameters are edited on the Markets page.</div>
      </Card>
      <Table<FeedMarket> rowKey="instrument_id" size="middle" scroll={{ x: 820 }} loading={feed.isPending} columns={columns} dataSource={d?.markets ?? []} pagination={false} />
    </>
  );
}
