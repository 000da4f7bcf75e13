/**
 * Console: leverage positions (open, closed, liquidated) by market and user, and the liquidation
 * log — each liquidation with the stored tick it closed on, the margin lost, what went into or out
 * of the insurance fund and any shortfall the house absorbed. Filters and page live in the URL.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  InputNumber,
  Segmented,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { LeverAdminPosition } from '@bourse/contract';
import { leverApi, leverKeys, type LeverPositionStatus, type LeverPositionsQuery } from '../../api/lever';
import { formatAmount, formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { Amount } from '../../ui/Amount';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { formatRate } from './figures';
import './lever.css';

const STATUSES: { value: LeverPositionStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'liquidation', label: 'Liquidated' },
];
const REASON: Record<string, { label: string; color: string }> = {
  user: { label: 'closed by user', color: 'default' },
  tp: { label: 'take-profit', color: 'green' },
  sl: { label: 'stop-loss', color: 'orange' },
  liquidation: { label: 'liquidated', color: 'red' },
};

function idParam(value: string | null): number | undefined {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** An amount of the position's margin currency; the currency is named unless the column header names it. */
const money = (p: LeverAdminPosition, v: string | null, signed = false, named = true) =>
  v === null ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Amount value={v} decimals={p.decimals} signed={signed} />
      {named ? <Typography.Text type="secondary"> {p.currency}</Typography.Text> : null}
    </span>
  );
const price = (v: string | null) => <span className="amount">{formatAmount(v)}</span>;
const tick = (id: string | null) =>
  id ? (
    <Typography.Text type="secondary" className="mono">
      tick #{id}
    </Typography.Text>
  ) : null;

function SideCell({ p }: { p: LeverAdminPosition }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tag color={p.side === 'long' ? 'green' : 'red'}>{p.side}</Tag>×{p.leverage}
    </span>
  );
}

function PositionDrawer({ position, onClose }: { position: LeverAdminPosition | null; onClose: () => void }) {
  const p = position;
  const wide = Grid.useBreakpoint().sm ?? true;
  return (
    <Drawer
      title={p ? `Position #${p.id} · ${p.symbol}` : ''}
      open={p !== null}
      onClose={onClose}
      size={560}
      styles={{ body: { padding: wide ? 24 : 12 } }}
      destroyOnHidden
    >
      {p ? (
        <>
          <Descriptions size="small" column={1} bordered styles={{ label: { width: wide ? 190 : 110 } }}>
            <Descriptions.Item label="User">
              {p.user_label} <Typography.Text type="secondary">#{p.user_id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Side · leverage">
              <SideCell p={p} /> <Tag>{p.settlement === 'linear' ? 'linear' : 'quote-inverse'}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Quantity">{price(p.qty)}</Descriptions.Item>
            <Descriptions.Item label="Entry">
              <Flex vertical>
                <span>
                  {price(p.entry_price)} {tick(p.entry_tick_id)}
                </span>
                <span className="mono">{formatDateTime(p.opened_at)}</span>
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label="Margin">{money(p, p.margin)}</Descriptions.Item>
            <Descriptions.Item label="Open fee">{money(p, p.open_fee)}</Descriptions.Item>
            <Descriptions.Item label="Liquidation price">{price(p.liq_price)}</Descriptions.Item>
            <Descriptions.Item label="Bankruptcy price">{price(p.bankrupt_price)}</Descriptions.Item>
            <Descriptions.Item label="Take-profit / stop-loss">
              {price(p.target_profit_price)} / {price(p.stop_loss_price)}
            </Descriptions.Item>
            <Descriptions.Item label="Maintenance tiers">
              <div className="lever-grid lever-grid-3">
                {p.tiers.map((t, i) => [
                  <span key={`b${i}`}>
                    {t.max_notional === null ? '>' : '≤'}{' '}
                    {formatAmount(t.max_notional ?? p.tiers[i - 1]?.max_notional ?? '0')}
                  </span>,
                  <span key={`r${i}`} className="lever-right">
                    {formatRate(t.mmr)}
                  </span>,
                  <span key={`c${i}`} className="lever-muted">
                    cum {formatAmount(t.cum)}
                  </span>,
                ])}
              </div>
            </Descriptions.Item>
            {p.status === 'open' ? (
              <>
                <Descriptions.Item label="Mark price">
                  {p.mark_price === null ? <Tag color="orange">stale</Tag> : price(p.mark_price)}
                </Descriptions.Item>
                <Descriptions.Item label="Unrealised P&L · ROE">
                  {money(p, p.upnl, true)} · {formatRate(p.roe)}
                </Descriptions.Item>
                <Descriptions.Item label="Maintenance margin">
                  {money(p, p.maintenance_margin)}
                </Descriptions.Item>
                <Descriptions.Item label="Margin ratio (liquidated at 100 %)">
                  {formatRate(p.margin_ratio)}
                </Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label="Exit">
                  <Tag color={REASON[p.exit_reason ?? '']?.color}>
                    {REASON[p.exit_reason ?? '']?.label ?? p.exit_reason}
                  </Tag>
                  <Flex vertical>
                    <span>
                      {price(p.exit_price)} {tick(p.exit_tick_id)}
                    </span>
                    <span className="mono">{formatDateTime(p.closed_at)}</span>
                  </Flex>
                </Descriptions.Item>
                <Descriptions.Item label="Realised P&L">{money(p, p.pnl, true)}</Descriptions.Item>
                <Descriptions.Item label="Close fee">{money(p, p.close_fee)}</Descriptions.Item>
                <Descriptions.Item label="Credited to the user">{money(p, p.credited)}</Descriptions.Item>
                <Descriptions.Item label="Insurance fund (+ in / − out)">
                  {money(p, p.insurance, true)}
                </Descriptions.Item>
                <Descriptions.Item label="Shortfall absorbed by the house">
                  {money(p, p.shortfall)}
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
        </>
      ) : null}
    </Drawer>
  );
}

export default function LeverPositionsPage({ liquidations = false }: { liquidations?: boolean }) {
  const { page, limit, setPage, params, setParams } = usePageParams();
  const [picked, setDetail] = useState<LeverAdminPosition | null>(null);
  const statusParam = params.get('status');
  const status: LeverPositionStatus = liquidations
    ? 'liquidation'
    : (STATUSES.find((s) => s.value === statusParam)?.value ?? 'open');
  const instrumentId = idParam(params.get('market'));
  const userId = idParam(params.get('user'));
  const q: LeverPositionsQuery = { status, instrument_id: instrumentId, user_id: userId, page, limit };
  const positions = useQuery({
    queryKey: leverKeys.positions(q),
    queryFn: () => leverApi.positions(q),
    refetchInterval: status === 'open' ? 5000 : 15_000,
  });
  const products = useQuery({ queryKey: leverKeys.products, queryFn: leverApi.products });

  /** Sets one filter in the URL and starts again at page 1. */
  const setFilter = (key: string, value: string | number | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
      next.set('page', '1');
      return next;
    });

  const list = positions.data?.list ?? [];
  // One margin currency on the page (the usual case): name it in the headers, not in every cell.
  const unit =
    list.length > 0 && list.every((p) => p.currency === list[0]!.currency) ? list[0]!.currency : null;
  const head = (title: string) => (unit ? `${title} (${unit})` : title);
  const m = (p: LeverAdminPosition, v: string | null, signed = false) => money(p, v, signed, unit === null);
  const stacked = (...lines: ReactNode[]) => (
    <Flex vertical align="flex-end">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </Flex>
  );

  const common: TableColumnsType<LeverAdminPosition> = [
    {
      title: 'ID',
      dataIndex: 'id',
      width: 70,
      fixed: 'left',
      render: (id: string, p) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          className="mono"
          onClick={() => setDetail(p)}
          data-testid={`lever-position-${id}`}
        >
          #{id}
        </Button>
      ),
    },
    {
      title: 'User',
      width: 110,
      render: (_, p) => (
        <Flex vertical>
          <Typography.Text ellipsis style={{ maxWidth: 120 }}>
            {p.user_label}
          </Typography.Text>
          <Typography.Text type="secondary" className="mono">
            #{p.user_id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Market',
      width: 110,
      render: (_, p) => (
        <Flex vertical align="flex-start" gap={2}>
          {p.symbol}
          <SideCell p={p} />
        </Flex>
      ),
    },
    { title: 'Qty', dataIndex: 'qty', width: 80, align: 'right', render: price },
    {
      title: 'Entry',
      width: 100,
      align: 'right',
      render: (_, p) => stacked(price(p.entry_price), tick(p.entry_tick_id)),
    },
  ];
  const openColumns: TableColumnsType<LeverAdminPosition> = [
    ...common,
    {
      title: 'Mark',
      dataIndex: 'mark_price',
      width: 100,
      align: 'right',
      render: (v: string | null) => (v === null ? <Tag color="orange">stale</Tag> : price(v)),
    },
    { title: head('Unrealised P&L'), width: 130, align: 'right', render: (_, p) => m(p, p.upnl, true) },
    {
      title: 'Margin ratio',
      dataIndex: 'margin_ratio',
      width: 90,
      align: 'right',
      render: (v: string | null) => <span className="amount">{formatRate(v)}</span>,
    },
    { title: head('Margin'), width: 110, align: 'right', render: (_, p) => m(p, p.margin) },
    { title: 'Liq. price', dataIndex: 'liq_price', width: 100, align: 'right', render: price },
    {
      title: 'ROE',
      dataIndex: 'roe',
      width: 90,
      align: 'right',
      render: (v: string | null) => <span className="amount">{formatRate(v)}</span>,
    },
    {
      title: 'TP / SL',
      width: 100,
      align: 'right',
      render: (_, p) => stacked(price(p.target_profit_price), price(p.stop_loss_price)),
    },
    {
      title: 'Opened',
      dataIndex: 'opened_at',
      width: 150,
      render: (v: string) => <span className="mono">{formatDateTime(v)}</span>,
    },
  ];
  const closedColumns: TableColumnsType<LeverAdminPosition> = [
    ...common,
    {
      title: 'Exit',
      width: 110,
      align: 'right',
      render: (_, p) => stacked(price(p.exit_price), tick(p.exit_tick_id)),
    },
    {
      title: 'Reason',
      dataIndex: 'exit_reason',
      width: 120,
      render: (r: string | null) => (
        <Tag color={REASON[r ?? '']?.color}>{REASON[r ?? '']?.label ?? r ?? '—'}</Tag>
      ),
    },
    { title: head('Realised P&L'), width: 130, align: 'right', render: (_, p) => m(p, p.pnl, true) },
    { title: head('Credited'), width: 110, align: 'right', render: (_, p) => m(p, p.credited) },
    {
      title: head('Fees open / close'),
      width: 130,
      align: 'right',
      render: (_, p) => stacked(m(p, p.open_fee), m(p, p.close_fee)),
    },
    {
      title: 'Closed',
      dataIndex: 'closed_at',
      width: 150,
      render: (v: string | null) => <span className="mono">{formatDateTime(v)}</span>,
    },
  ];
  const liquidationColumns: TableColumnsType<LeverAdminPosition> = [
    ...common,
    {
      title: 'Liquidated at',
      width: 110,
      align: 'right',
      render: (_, p) => stacked(price(p.exit_price), tick(p.exit_tick_id)),
    },
    { title: head('Margin lost'), width: 110, align: 'right', render: (_, p) => m(p, p.margin) },
    {
      title: head('Insurance fund + in / − out'),
      width: 140,
      align: 'right',
      render: (_, p) => m(p, p.insurance, true),
    },
    {
      title: head('Shortfall absorbed by house'),
      width: 140,
      align: 'right',
      render: (_, p) => m(p, p.shortfall),
    },
    {
      title: 'Liq. / bankruptcy price',
      width: 130,
      align: 'right',
      render: (_, p) => stacked(price(p.liq_price), price(p.bankrupt_price)),
    },
    {
      title: 'Time',
      dataIndex: 'closed_at',
      width: 150,
      render: (v: string | null) => <span className="mono">{formatDateTime(v)}</span>,
    },
  ];
  const columns = status === 'open' ? openColumns : status === 'closed' ? closedColumns : liquidationColumns;
  const width = columns.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : 120), 0);

  return (
    <>
      <PageHeader
        title={liquidations ? 'Liquidation log' : 'Leverage positions'}
        description={
          liquidations
            ? 'Each liquidation closes at the bankruptcy price on the stored tick shown: the user loses the margin, the insurance fund takes the rest or covers the gap to the market price, and what the fund cannot cover is absorbed by the house. The user never owes more than the margin.'
            : 'Positions of every user. Open ones carry their figures at the latest fresh price; click an ID for all details.'
        }
      />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        {liquidations ? null : (
          <Segmented<LeverPositionStatus>
            value={status}
            onChange={(v) => setFilter('status', v)}
            options={STATUSES}
            data-testid="lever-positions-status"
          />
        )}
        <Select
          allowClear
          placeholder="All markets"
          style={{ width: 170 }}
          value={instrumentId}
          onChange={(v: number | undefined) => setFilter('market', v)}
          options={(products.data ?? []).map((p) => ({ value: p.instrument_id, label: p.symbol }))}
          data-testid="lever-positions-market"
        />
        <InputNumber
          placeholder="User ID"
          min={1}
          precision={0}
          style={{ width: 130 }}
          value={userId ?? null}
          onChange={(v) => setFilter('user', v ?? undefined)}
          data-testid="lever-positions-user"
        />
      </Flex>
      {positions.isError ? (
        <QueryError error={positions.error} what="positions" onRetry={() => void positions.refetch()} />
      ) : null}
      <Table<LeverAdminPosition>
        rowKey="id"
        size="small"
        scroll={{ x: width }}
        loading={positions.isPending}
        columns={columns}
        dataSource={list}
        pagination={tablePagination(page, limit, positions.data?.total, setPage)}
        locale={{
          emptyText: positions.isPending
            ? ' '
            : liquidations
              ? 'No liquidations'
              : `No ${status === 'liquidation' ? 'liquidated' : status} positions`,
        }}
        data-testid="lever-positions"
      />
      {/* The drawer follows the list's refreshes (open positions' figures move with the price). */}
      <PositionDrawer
        position={picked ? (list.find((p) => p.id === picked.id) ?? picked) : null}
        onClose={() => setDetail(null)}
      />
    </>
  );
}
