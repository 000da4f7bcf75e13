/**
 * Console: the copy log — every copy the platform placed for a follower when a lead trader opened a
 * position, and every copy it skipped with the reason (below the minimum, insufficient balance,
 * position limit, market closed …). A placed copy is an ordinary leverage position of the
 * follower: its margin and P&L are shown as the server sends them. Filters and page live in the URL.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Flex,
  Grid,
  InputNumber,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { followApi, followKeys, type CopyLogEntry, type CopyLogQuery } from '../../api/follow';
import { formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { Amount } from '../../ui/Amount';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { skipReasonText } from './figures';
import './follow.css';

const REFRESH_MS = 10_000;

function idParam(value: string | null): number | undefined {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** The copy position's money figure in its margin currency, or a dash when there is none. */
function money(c: CopyLogEntry, v: string | null | undefined, signed = false, named = true) {
  const p = c.position;
  if (!p || v === null || v === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Amount value={v} decimals={p.decimals} signed={signed} />
      {named ? <Typography.Text type="secondary"> {p.currency}</Typography.Text> : null}
    </span>
  );
}

/** The copy position's P&L: unrealised while open (at the latest fresh price), realised once closed. */
function Pnl({ c, named, align = 'flex-end' }: { c: CopyLogEntry; named: boolean; align?: string }) {
  const p = c.position;
  if (!p) return money(c, null);
  return (
    <Flex vertical align={align}>
      {money(c, p.status === 'open' ? p.upnl : p.pnl, true, named)}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {p.status === 'open' ? (p.upnl === null ? 'open · price stale' : 'open · unrealised') : 'realised'}
      </Typography.Text>
    </Flex>
  );
}

function MarketCell({ c }: { c: CopyLogEntry }) {
  return (
    <Flex vertical align="flex-start" gap={2}>
      {c.symbol}
      <span style={{ whiteSpace: 'nowrap' }}>
        <Tag color={c.side === 'long' ? 'green' : 'red'}>{c.side}</Tag>
        {c.position ? `×${c.position.leverage}` : null}
      </span>
    </Flex>
  );
}

/** Placed (with the copy position) or skipped (with the reason and the server's message). */
function StatusCell({ c }: { c: CopyLogEntry }) {
  return c.status === 'placed' ? (
    <Flex vertical align="flex-start" gap={2}>
      <Tag color="green">placed</Tag>
      {c.position ? (
        <Typography.Text type="secondary" className="mono">
          position #{c.position.id} · {c.position.status}
        </Typography.Text>
      ) : null}
    </Flex>
  ) : (
    <Flex vertical align="flex-start" gap={2}>
      <Tag color="orange">skipped</Tag>
      <Typography.Text>{skipReasonText(c.reason)}</Typography.Text>
      {c.message ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {c.message}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

export default function FollowCopiesPage() {
  const { page, limit, setPage, params, setParams } = usePageParams();
  const wide = Grid.useBreakpoint().md ?? true;
  const traderId = idParam(params.get('trader'));
  const followerId = idParam(params.get('follower'));
  const q: CopyLogQuery = { trader_user_id: traderId, follower_id: followerId, page, limit };
  const copies = useQuery({
    queryKey: followKeys.copies(q),
    queryFn: () => followApi.copies(q),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

  /** Sets one filter in the URL and starts again at page 1. */
  const setFilter = (key: string, value: number | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === undefined) next.delete(key);
      else next.set(key, String(value));
      next.set('page', '1');
      return next;
    });

  const list = copies.data?.list ?? [];
  // One margin currency on the page (the usual case): name it in the headers, not in every cell.
  const placed = list.flatMap((c) => (c.position ? [c.position.currency] : []));
  const unit = placed.length > 0 && placed.every((x) => x === placed[0]) ? placed[0]! : null;
  const head = (title: string) => (unit ? `${title} (${unit})` : title);
  const followerCell = (c: CopyLogEntry) => (
    <Flex vertical align="flex-start">
      <Typography.Text ellipsis style={{ maxWidth: 140 }}>
        {c.follower_label}
      </Typography.Text>
      <Button
        type="link"
        size="small"
        className="mono follow-id-link"
        title="Only this follower's copies"
        onClick={() => setFilter('follower', c.follower_id)}
      >
        #{c.follower_id}
      </Button>
    </Flex>
  );
  const leadCell = (c: CopyLogEntry) => (
    <Flex vertical>
      {traderId ? <span className="mono">trader #{traderId}</span> : null}
      <Typography.Text type="secondary" className="mono">
        lead #{c.lead_position_id}
      </Typography.Text>
      <Typography.Text type="secondary" className="mono">
        follow #{c.follow_id}
      </Typography.Text>
    </Flex>
  );
  const timeCell = (c: CopyLogEntry) => (
    <Flex vertical>
      <span className="mono">{formatDateTime(c.created_at)}</span>
      <Typography.Text type="secondary" className="mono">
        copy #{c.id}
      </Typography.Text>
    </Flex>
  );

  const columns: TableColumnsType<CopyLogEntry> = [
    { title: 'Time', key: 'time', width: 140, render: (_, c) => timeCell(c) },
    { title: 'Follower', key: 'follower', width: 150, render: (_, c) => followerCell(c) },
    { title: 'Lead position', key: 'lead', width: 110, render: (_, c) => leadCell(c) },
    { title: 'Market', key: 'market', width: 100, render: (_, c) => <MarketCell c={c} /> },
    { title: 'Status', key: 'status', width: 230, render: (_, c) => <StatusCell c={c} /> },
    {
      title: head('Margin'),
      key: 'margin',
      width: 110,
      align: 'right',
      render: (_, c) => money(c, c.position?.margin, false, unit === null),
    },
    {
      title: (
        <Tooltip title="Realised P&L (fees included) once closed; unrealised at the latest fresh price while open">
          {head('P&L')}
        </Tooltip>
      ),
      key: 'pnl',
      width: 130,
      align: 'right',
      render: (_, c) => <Pnl c={c} named={unit === null} />,
    },
  ];
  // Phones: one column, each copy as a compact block.
  const phoneColumns: TableColumnsType<CopyLogEntry> = [
    {
      title: 'Copy',
      key: 'card',
      render: (_, c) => (
        <Flex vertical gap={6}>
          <Flex justify="space-between" gap={8}>
            {timeCell(c)}
            <MarketCell c={c} />
          </Flex>
          <Flex justify="space-between" gap={8}>
            {followerCell(c)}
            {leadCell(c)}
          </Flex>
          <StatusCell c={c} />
          {c.position ? (
            <div className="follow-phone-grid">
              <span className="follow-muted">Margin</span>
              <span>{money(c, c.position.margin)}</span>
              <span className="follow-muted">P&amp;L</span>
              <Flex>
                <Pnl c={c} named align="flex-start" />
              </Flex>
            </div>
          ) : null}
        </Flex>
      ),
    },
  ];
  const shown = wide ? columns : phoneColumns;
  const width = shown.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : 0), 0);
  const filtered = traderId !== undefined || followerId !== undefined;

  return (
    <>
      <PageHeader
        title="Copy log"
        description="Each copy placed for a follower when a lead trader opened a position, and each copy skipped with its reason. Placed copies are the follower’s own leverage positions and close when the lead position closes."
      />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <InputNumber
          placeholder="Trader user ID"
          min={1}
          precision={0}
          style={{ width: 150 }}
          value={traderId ?? null}
          onChange={(v) => setFilter('trader', v ?? undefined)}
          data-testid="follow-copies-trader"
        />
        <InputNumber
          placeholder="Follower user ID"
          min={1}
          precision={0}
          style={{ width: 150 }}
          value={followerId ?? null}
          onChange={(v) => setFilter('follower', v ?? undefined)}
          data-testid="follow-copies-follower"
        />
        {filtered ? (
          <Button
            onClick={() =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                next.delete('trader');
                next.delete('follower');
                next.set('page', '1');
                return next;
              })
            }
          >
            Clear filters
          </Button>
        ) : null}
      </Flex>
      {copies.isError ? (
        <QueryError error={copies.error} what="the copy log" onRetry={() => void copies.refetch()} />
      ) : null}
      <Table<CopyLogEntry>
        rowKey="id"
        onRow={(c) => ({ 'data-testid': `follow-copy-${c.id}` }) as object}
        size="small"
        scroll={width ? { x: width } : undefined}
        showHeader={wide}
        loading={copies.isPending || (copies.isFetching && copies.isPlaceholderData)}
        columns={shown}
        dataSource={list}
        pagination={tablePagination(page, limit, copies.data?.total, setPage)}
        locale={{
          emptyText: copies.isPending ? ' ' : filtered ? 'No copies match these filters' : 'No copies yet',
        }}
        data-testid="follow-copies"
      />
    </>
  );
}
