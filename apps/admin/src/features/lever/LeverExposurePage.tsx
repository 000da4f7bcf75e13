/**
 * Console: open leverage exposure per market — positions, long and short quantity, margin held,
 * the mark (latest fresh price) and the users' unrealised P&L at it. The house is the counterparty
 * of every position, so its side is the opposite of the users'.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { LeverExposure } from '@bourse/contract';
import { adminApi, queryKeys } from '../../api/admin';
import { leverApi, leverKeys } from '../../api/lever';
import { formatAmount, sumAmounts } from '../../lib/format';
import { Amount } from '../../ui/Amount';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { netQuantity, opposite } from './figures';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div style={{ fontSize: 18 }}>{children}</div>
    </div>
  );
}

export default function LeverExposurePage() {
  const exposure = useQuery({
    queryKey: leverKeys.exposure,
    queryFn: leverApi.exposure,
    refetchInterval: 5000,
  });
  const products = useQuery({ queryKey: leverKeys.products, queryFn: leverApi.products });
  const currencies = useQuery({ queryKey: queryKeys.currencies, queryFn: adminApi.currencies });
  const rows = exposure.data ?? [];

  /** The margin currency of a market (name and scale), from its product. */
  const currencyOf = (instrumentId: number) => {
    const id = products.data?.find((p) => p.instrument_id === instrumentId)?.margin_currency_id;
    const c = currencies.data?.find((x) => x.id === id);
    return c ? { name: c.name, decimals: c.decimals } : null;
  };
  const currencyNames = new Set(rows.map((r) => currencyOf(r.instrument_id)?.name ?? '?'));
  const oneCurrency = currencyNames.size === 1 && !currencyNames.has('?') ? [...currencyNames][0]! : null;

  const head = (title: string) => (oneCurrency ? `${title} (${oneCurrency})` : title);
  // Totals only when every market margins in the same currency (sums across currencies mean nothing).
  const known = rows.filter((r) => r.users_upnl !== null);
  const totals = oneCurrency
    ? {
        positions: rows.reduce((n, r) => n + r.open_positions, 0),
        margin: sumAmounts(rows.map((r) => r.margin)),
        upnl: sumAmounts(known.map((r) => r.users_upnl!)),
        partial: known.length < rows.length,
      }
    : null;
  const columns: TableColumnsType<LeverExposure> = [
    {
      title: 'Market',
      dataIndex: 'symbol',
      width: 100,
      fixed: 'left',
      render: (s: string) => <Typography.Text strong>{s}</Typography.Text>,
    },
    { title: 'Open positions', dataIndex: 'open_positions', width: 80, align: 'right' },
    {
      title: 'Long qty',
      dataIndex: 'long_qty',
      width: 90,
      align: 'right',
      render: (v: string) => <span className="amount">{formatAmount(v)}</span>,
    },
    {
      title: 'Short qty',
      dataIndex: 'short_qty',
      width: 90,
      align: 'right',
      render: (v: string) => <span className="amount">{formatAmount(v)}</span>,
    },
    {
      title: 'House net position',
      width: 120,
      align: 'right',
      render: (_, r) => {
        // The users' net long is the house's net short, and the other way round.
        const net = netQuantity(r.long_qty, r.short_qty);
        if (net === null) return '—';
        if (net === '0') return <Typography.Text type="secondary">flat</Typography.Text>;
        return net.startsWith('-') ? (
          <span className="amount">long {formatAmount(net.slice(1))}</span>
        ) : (
          <span className="amount">short {formatAmount(net)}</span>
        );
      },
    },
    {
      title: head('Margin held'),
      width: 120,
      align: 'right',
      render: (_, r) => {
        const c = currencyOf(r.instrument_id);
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Amount value={r.margin} decimals={c?.decimals} />
            {oneCurrency ? null : ` ${c?.name ?? ''}`}
          </span>
        );
      },
    },
    {
      title: 'Mark price',
      dataIndex: 'mark_price',
      width: 100,
      align: 'right',
      render: (v: string | null) =>
        v === null ? <Tag color="orange">stale</Tag> : <span className="amount">{formatAmount(v)}</span>,
    },
    {
      title: head("Users' unrealised P&L"),
      width: 130,
      align: 'right',
      render: (_, r) =>
        r.users_upnl === null ? (
          <Typography.Text type="secondary">no fresh price</Typography.Text>
        ) : (
          <Amount value={r.users_upnl} decimals={currencyOf(r.instrument_id)?.decimals} signed />
        ),
    },
    {
      title: head('House P&L, opposite'),
      width: 130,
      align: 'right',
      render: (_, r) => {
        const house = opposite(r.users_upnl);
        return house === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Amount value={house} decimals={currencyOf(r.instrument_id)?.decimals} signed />
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Leverage exposure"
        description="Open positions per market at the latest fresh price. The house is the counterparty of every position: its unrealised P&L is the users' with the sign turned."
      />
      {totals ? (
        <Card size="small" style={{ marginBottom: 16 }} data-testid="lever-exposure-totals">
          <Flex wrap gap="12px 32px">
            <Figure label="Open positions">{totals.positions}</Figure>
            <Figure label={`Margin held (${oneCurrency})`}>
              <Amount value={totals.margin} />
            </Figure>
            <Figure label={`Users' unrealised P&L (${oneCurrency})`}>
              <Amount value={totals.upnl} signed />
            </Figure>
            <Figure label={`House unrealised P&L (${oneCurrency})`}>
              <Amount value={opposite(totals.upnl)} signed />
            </Figure>
          </Flex>
          {totals.partial ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
              P&L totals count only the markets with a fresh price.
            </Typography.Text>
          ) : null}
        </Card>
      ) : null}
      {exposure.isError ? (
        <QueryError error={exposure.error} what="exposure" onRetry={() => void exposure.refetch()} />
      ) : null}
      <Table<LeverExposure>
        rowKey="instrument_id"
        size="middle"
        scroll={{ x: 960 }}
        loading={exposure.isPending}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: exposure.isPending ? ' ' : 'No leverage markets' }}
        data-testid="lever-exposure"
        summary={() =>
          totals && rows.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>Total</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {totals.positions}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={3} />
              <Table.Summary.Cell index={5} align="right">
                <Amount value={totals.margin} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} />
              <Table.Summary.Cell index={7} align="right">
                <Amount value={totals.upnl} signed />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">
                <Amount value={opposite(totals.upnl)} signed />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}
