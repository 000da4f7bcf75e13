/** Console: spot markets — trading switch, fees, minimum value, price band, engine status, and the demo bot's configuration and status. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { errorText } from '../../api/client';
import type { SpotAdminMarket } from '@bourse/contract';
import { spotApi, spotKeys, type SpotMarketPatch } from '../../api/spot';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

const RATE = { pattern: /^\d+(\.\d{1,18})?$/, message: 'A decimal such as 0.001' };

function EditModal({ row, onClose }: { row: SpotAdminMarket | null; onClose: () => void }) {
  const [form] = Form.useForm<SpotMarketPatch>();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const save = useMutation({
    mutationFn: (v: SpotMarketPatch) => spotApi.updateMarket(row!.instrument_id, v),
    onSuccess: async () => {
      void message.success(`${row!.symbol} saved`);
      await qc.invalidateQueries({ queryKey: ['admin', 'spot'] });
      save.reset();
      onClose();
    },
  });
  return (
    <Modal title={row ? `Trading parameters: ${row.symbol}` : ''} open={row !== null} onCancel={onClose} onOk={() => form.submit()} okText="Save" okButtonProps={{ loading: save.isPending }} destroyOnHidden>
      {save.isError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(save.error)} /> : null}
      {row && (
        <Form<SpotMarketPatch>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{
            trading: row.trading_switch,
            maker_fee: row.maker_fee,
            taker_fee: row.taker_fee,
            min_notional: row.min_notional,
            price_band: row.price_band,
            bot_enabled: row.bot.enabled,
            bot_spread: row.bot.spread,
            bot_step: row.bot.step,
            bot_levels: row.bot.levels,
            bot_level_notional: row.bot.levelNotional,
          }}
          onFinish={(v) => save.mutate(v)}
        >
          <Form.Item label="Trading on" name="trading" valuePropName="checked" extra="Off refuses new orders (resting orders stay and can be cancelled).">
            <Switch />
          </Form.Item>
          <Form.Item label="Maker fee (rate, 0.001 = 0.1 %)" name="maker_fee" rules={[RATE]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="Taker fee (rate)" name="taker_fee" rules={[RATE]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label={`Minimum order value (${row.quote})`} name="min_notional" rules={[RATE]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="Price band around the index (0.1 = ±10 %)" name="price_band" rules={[RATE]} extra="Limit prices outside it are refused; market orders never trade beyond it.">
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Typography.Title level={5}>Demo market-making bot (demo data only)</Typography.Title>
          <Form.Item label="Bot quotes this market" name="bot_enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Half spread (rate of the index)" name="bot_spread" rules={[RATE]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="Level step (rate of the index)" name="bot_step" rules={[RATE]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="Levels per side" name="bot_levels" rules={[{ type: 'integer', min: 1, max: 50 }]}>
            <InputNumber min={1} max={50} precision={0} />
          </Form.Item>
          <Form.Item label={`Value per level (${row.quote})`} name="bot_level_notional" rules={[RATE]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

export default function SpotMarketsPage() {
  const me = useOperator();
  const [editing, setEditing] = useState<SpotAdminMarket | null>(null);
  const markets = useQuery({ queryKey: spotKeys.markets, queryFn: spotApi.markets, refetchInterval: 5000 });
  const bot = useQuery({ queryKey: spotKeys.bot, queryFn: spotApi.bot, refetchInterval: 5000 });
  const pct = (r: string) => `${(Number(r) * 100).toString()} %`;
  const columns: TableColumnsType<SpotAdminMarket> = [
    { title: 'Market', dataIndex: 'symbol', render: (s: string) => <Typography.Text strong>{s}</Typography.Text> },
    {
      title: 'Trading',
      width: 120,
      render: (_, r) => (!r.listed ? <Tag color="red">instrument suspended</Tag> : r.trading_switch ? <Tag color="green">on</Tag> : <Tag color="orange">off</Tag>),
    },
    { title: 'Maker / taker', width: 140, render: (_, r) => `${pct(r.maker_fee)} / ${pct(r.taker_fee)}` },
    { title: 'Min value', width: 110, render: (_, r) => `${r.min_notional} ${r.quote}` },
    { title: 'Tick / lot', width: 130, render: (_, r) => <span className="mono">{`${r.tick} / ${r.min_amount}`}</span> },
    { title: 'Band', width: 80, render: (_, r) => `±${pct(r.price_band)}` },
    {
      title: 'Engine',
      render: (_, r) =>
        r.engine ? (
          <span className="mono" style={{ fontSize: 12 }}>
            {r.engine.resting_orders} resting · {r.engine.groups} groups / {r.engine.commands} cmds (max {r.engine.maxGroup}) · {r.engine.fills} fills · queue {r.engine.queued}
          </span>
        ) : (
          <Typography.Text type="secondary">not started</Typography.Text>
        ),
    },
    {
      title: '',
      width: 80,
      render: (_, r) =>
        me.role === 'admin' ? (
          <Button size="small" type="link" onClick={() => setEditing(r)} data-testid={`edit-${r.symbol}`}>
            Edit
          </Button>
        ) : null,
    },
  ];
  return (
    <div>
      <PageHeader title="Spot markets" description="Trading parameters and fees per market (operator configuration), and the matching engine of each market in this process." />
      {markets.isError ? <QueryError error={markets.error} onRetry={markets.refetch} what="spot markets" /> : null}
      <Table<SpotAdminMarket> rowKey="instrument_id" size="small" loading={markets.isPending} dataSource={markets.data ?? []} columns={columns} pagination={false} />
      <Typography.Title level={4} style={{ marginTop: 32 }}>
        Demo market-making bot
      </Typography.Title>
      {bot.isError ? <QueryError error={bot.error} onRetry={bot.refetch} what="bot status" /> : null}
      {bot.data && (
        <>
          <Alert
            type={bot.data.running ? 'info' : 'warning'}
            showIcon
            style={{ marginBottom: 12 }}
            title={
              bot.data.running
                ? 'Running: a labelled demo account quotes around the index price through the same order API as users; a second demo account sends occasional small market orders.'
                : bot.data.demo_data
                  ? 'Not running in this process (SPOT_BOT=off).'
                  : 'Off: the bot only runs with demo data.'
            }
          />
          <Table
            rowKey="instrument_id"
            size="small"
            pagination={false}
            dataSource={bot.data.markets}
            columns={[
              { title: 'Market', dataIndex: 'symbol' },
              { title: 'Config', render: (_, m) => `${m.config.enabled ? 'on' : 'off'} · spread ${m.config.spread} · step ${m.config.step} · ${m.config.levels} levels × ${m.config.levelNotional}` },
              { title: 'Quotes', width: 80, render: (_, m) => m.status?.orders ?? '--' },
              { title: 'Placed / cancelled / demo takes', render: (_, m) => (m.status ? `${m.status.placed} / ${m.status.cancelled} / ${m.status.takerOrders}` : '--') },
              { title: 'Last cycle', render: (_, m) => (m.status?.lastCycleAt ? new Date(m.status.lastCycleAt).toLocaleTimeString() : '--') },
              { title: 'Last error', render: (_, m) => (m.status?.lastError ? <Typography.Text type="danger">{m.status.lastError}</Typography.Text> : '—') },
            ]}
          />
        </>
      )}
      <EditModal row={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
