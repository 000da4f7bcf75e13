/**
 * Console: leverage products per market — status, leverages offered, taker fee, quantity limits
 * and the tiered maintenance-margin table (with the cum amounts derived from it) — and a new
 * product for a market that has none. Open positions keep the tiers and fee they opened with.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type FormListFieldData,
  type TableColumnsType,
} from 'antd';
import type { InstrumentView, LeverAdminProduct, LeverTier } from '@bourse/contract';
import { adminApi, queryKeys } from '../../api/admin';
import { errorText } from '../../api/client';
import { leverApi, leverKeys, type LeverProductInput } from '../../api/lever';
import { marketApi, marketKeys } from '../../api/market';
import { useOperator } from '../../app/auth';
import { formatAmount } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import {
  MAX_TIERS,
  formatRate,
  leveragesLiquidatingAtOnce,
  leveragesProblem,
  parseLeverages,
  previewTiers,
  productEligibility,
  quantityProblem,
  rateProblem,
  sizeProblem,
  type TierDraft,
} from './figures';
import './lever.css';

const SETTLEMENT_LABEL = { linear: 'linear', quote_inverse: 'quote-inverse' } as const;
const COMMON_LEVERAGES = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100, 125, 150, 200];

/** What the form holds: text as typed; the body is built from it on save. */
interface FormValues {
  instrument_id?: number;
  status: number;
  leverages: string[];
  fee_rate: string;
  min_qty: string;
  qty_step: string;
  max_position_qty: string;
  tiers: TierDraft[];
}

const DEFAULTS: FormValues = {
  status: 1,
  leverages: ['5', '10', '20', '50'],
  fee_rate: '0.0006',
  min_qty: '',
  qty_step: '',
  max_position_qty: '',
  tiers: [
    { max_notional: '50000', mmr: '0.005' },
    { max_notional: '250000', mmr: '0.01' },
    { max_notional: null, mmr: '0.025' },
  ],
};

function fromProduct(p: LeverAdminProduct): FormValues {
  return {
    instrument_id: p.instrument_id,
    status: p.status,
    leverages: p.leverages.map(String),
    fee_rate: p.fee_rate,
    min_qty: p.min_qty,
    qty_step: p.qty_step,
    max_position_qty: p.max_position_qty,
    tiers: p.tiers.map((t) => ({ max_notional: t.max_notional, mmr: t.mmr })),
  };
}

/** "= 0.5 %" beside a rate input, once the rate is valid. */
function RateSuffix({ rate }: { rate: string | null | undefined }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {rate ? `= ${formatRate(rate)}` : ' '}
    </Typography.Text>
  );
}

function fieldRule(check: (v: string | undefined) => string | null) {
  return {
    validator: (_: unknown, v: string | undefined) => {
      const problem = check(v);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/** The tier rows of the form with the derived cum of each. */
function TiersEditor({ submitted }: { submitted: boolean }) {
  const form = Form.useFormInstance<FormValues>();
  const drafts = Form.useWatch('tiers', form) ?? [];
  const preview = previewTiers(drafts);
  // Phones get one block per tier instead of a table that scrolls sideways.
  const wide = Grid.useBreakpoint().md ?? true;
  const show = (problem: string | null, typed: string | null | undefined) =>
    problem && (submitted || (typed ?? '').trim() !== '') ? problem : null;
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }) => {
        const last = fields.length - 1;
        const above = (i: number) => (i === 0 ? '0' : formatAmount(preview.rows[i - 1]?.max_notional ?? ''));
        const bound = (f: FormListFieldData, i: number) => {
          if (i === last) return <Typography.Text type="secondary">no upper bound</Typography.Text>;
          const problem = show(preview.rows[i]?.boundProblem ?? null, drafts[i]?.max_notional);
          return (
            <Form.Item
              name={[f.name, 'max_notional']}
              style={{ margin: 0 }}
              validateStatus={problem ? 'error' : undefined}
              help={problem}
            >
              <Input placeholder="e.g. 50000" inputMode="decimal" aria-label={`Tier ${i + 1} upper bound`} />
            </Form.Item>
          );
        };
        const mmr = (f: FormListFieldData, i: number) => {
          const row = preview.rows[i];
          const problem = show(row?.mmrProblem ?? null, drafts[i]?.mmr);
          return (
            <Form.Item
              name={[f.name, 'mmr']}
              style={{ margin: 0 }}
              validateStatus={problem ? 'error' : undefined}
              help={problem}
            >
              <Input
                placeholder="e.g. 0.005"
                inputMode="decimal"
                aria-label={`Tier ${i + 1} maintenance margin rate`}
                suffix={<RateSuffix rate={row && !row.mmrProblem ? row.mmr : null} />}
              />
            </Form.Item>
          );
        };
        const cum = (i: number) => (
          <span className="amount" data-testid={`lever-tier-cum-${i}`}>
            {formatAmount(preview.rows[i]?.cum ?? null)}
          </span>
        );
        const removeButton = (f: FormListFieldData) => (
          <Button
            type="link"
            danger
            size="small"
            onClick={() => remove(f.name)}
            disabled={fields.length <= 1}
          >
            Remove
          </Button>
        );
        return (
          <>
            {wide ? (
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                data-testid="lever-tiers"
                columns={[
                  { title: 'Tier', width: 50, render: (_, f, i) => i + 1 },
                  {
                    title: 'Notional above',
                    width: 120,
                    render: (_, f, i) => <span className="amount">{above(i)}</span>,
                  },
                  { title: 'up to (notional)', width: 170, render: (_, f, i) => bound(f, i) },
                  { title: 'MMR', width: 170, render: (_, f, i) => mmr(f, i) },
                  { title: 'cum (derived)', width: 110, align: 'right', render: (_, f, i) => cum(i) },
                  { title: '', width: 70, render: (_, f) => removeButton(f) },
                ]}
              />
            ) : (
              <Flex vertical gap={8} data-testid="lever-tiers">
                {fields.map((f, i) => (
                  <div key={f.key} className="lever-tier-block">
                    <Flex justify="space-between" align="center">
                      <Typography.Text strong>
                        Tier {i + 1}{' '}
                        <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                          notional above <span className="amount">{above(i)}</span>
                        </Typography.Text>
                      </Typography.Text>
                      {removeButton(f)}
                    </Flex>
                    <Flex gap={8} style={{ marginTop: 6 }}>
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <div className="lever-field-label">up to (notional)</div>
                        {bound(f, i)}
                      </div>
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <div className="lever-field-label">MMR</div>
                        {mmr(f, i)}
                      </div>
                    </Flex>
                    <div style={{ marginTop: 6 }}>
                      <span className="lever-field-label">cum (derived) </span>
                      {cum(i)}
                    </div>
                  </div>
                ))}
              </Flex>
            )}
            <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12, flex: '1 1 280px' }}>
                Maintenance margin = notional × MMR − cum of the notional&apos;s tier. cum keeps it continuous
                at each bound; the server derives it on save with the same formula.
              </Typography.Text>
              <Button
                size="small"
                disabled={fields.length >= MAX_TIERS}
                onClick={() => {
                  // The new row goes last (unbounded); the previous last row now needs a bound.
                  const rows = form.getFieldValue('tiers') as TierDraft[] | undefined;
                  const lastMmr = rows?.[rows.length - 1]?.mmr ?? '';
                  add({ max_notional: null, mmr: lastMmr });
                }}
              >
                Add tier
              </Button>
            </Flex>
          </>
        );
      }}
    </Form.List>
  );
}

function ProductModal({
  editing,
  open,
  instruments,
  products,
  onClose,
}: {
  editing: LeverAdminProduct | null;
  open: boolean;
  instruments: InstrumentView[];
  products: LeverAdminProduct[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [submitted, setSubmitted] = useState(false);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const save = useMutation({
    mutationFn: (input: LeverProductInput) => leverApi.saveProduct(input),
    onSuccess: async (row) => {
      void message.success(`${row.symbol}: leverage product saved`);
      await queryClient.invalidateQueries({ queryKey: leverKeys.all });
      save.reset();
      onClose();
    },
  });

  const instrumentId = Form.useWatch('instrument_id', form) ?? editing?.instrument_id;
  const leverageTags = Form.useWatch('leverages', form) ?? [];
  const tiers = Form.useWatch('tiers', form) ?? [];
  const feeRate = Form.useWatch('fee_rate', form);
  const minQty = Form.useWatch('min_qty', form);
  const qtyStep = Form.useWatch('qty_step', form);
  const maxQty = Form.useWatch('max_position_qty', form);
  const inst = instruments.find((i) => i.id === instrumentId);
  const leverages = parseLeverages(leverageTags);
  const atOnce = leverages ? leveragesLiquidatingAtOnce(leverages, tiers[0]?.mmr) : [];
  const sizeIssue = sizeProblem(minQty, qtyStep, maxQty, inst?.amount_precision);

  const taken = new Set(products.map((p) => p.instrument_id));
  const marketOptions = instruments
    .filter((i) => !taken.has(i.id))
    .map((i) => {
      const e = productEligibility(i);
      return {
        value: i.id,
        disabled: 'reason' in e,
        label:
          'reason' in e
            ? `${i.symbol} — ${e.reason}`
            : `${i.symbol} (${i.kind}, ${SETTLEMENT_LABEL[e.settlement]})`,
        search: i.symbol,
      };
    })
    .sort((a, b) => Number(a.disabled) - Number(b.disabled));

  const finish = (v: FormValues) => {
    setSubmitted(true);
    const lev = parseLeverages(v.leverages ?? []);
    const preview = previewTiers(v.tiers ?? []);
    if (!lev || leveragesProblem(lev) || !preview.ok || atOnce.length > 0 || sizeIssue) return;
    save.mutate({
      instrument_id: v.instrument_id ?? editing?.instrument_id ?? 0,
      status: v.status,
      leverages: lev,
      fee_rate: v.fee_rate.trim(),
      min_qty: v.min_qty.trim(),
      qty_step: v.qty_step.trim(),
      max_position_qty: v.max_position_qty.trim(),
      tiers: preview.rows.map((r) => ({ max_notional: r.max_notional, mmr: r.mmr })),
    });
  };

  const levProblem =
    leverages === null ? 'Leverages are whole numbers, like 10 or 20.' : leveragesProblem(leverages);
  return (
    <Modal
      title={editing ? `Leverage product: ${editing.symbol}` : 'New leverage product'}
      open={open}
      width={820}
      onCancel={() => {
        save.reset();
        onClose();
      }}
      onOk={() => {
        setSubmitted(true);
        form.submit();
      }}
      okText="Save"
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      {save.isError ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(save.error)} />
      ) : null}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Changes apply to positions opened from now on. Open positions keep the fee rate and maintenance tiers they opened with; suspending stops new opens only."
      />
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={editing ? fromProduct(editing) : DEFAULTS}
        onFinish={finish}
        disabled={save.isPending}
      >
        {editing ? (
          <Form.Item name="instrument_id" hidden>
            <Input />
          </Form.Item>
        ) : (
          <Form.Item
            label="Market"
            name="instrument_id"
            extra="Markets without a leverage product. Margin and P&L are in USDT: crypto markets quoted in USDT, FX and metals with USD on one side."
            rules={[{ required: true, message: 'Pick a market' }]}
          >
            <Select
              showSearch
              optionFilterProp="search"
              options={marketOptions}
              placeholder="Pick a market"
              data-testid="lever-product-market"
            />
          </Form.Item>
        )}
        <Flex gap={16} wrap>
          <Form.Item label="New positions" name="status" style={{ flex: '1 1 160px' }}>
            <Select
              options={[
                { value: 1, label: 'open' },
                { value: 0, label: 'suspended' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="Taker fee rate (on open and close notional)"
            name="fee_rate"
            style={{ flex: '1 1 220px' }}
            rules={[fieldRule(rateProblem)]}
          >
            <Input
              placeholder="0.0006"
              inputMode="decimal"
              suffix={<RateSuffix rate={rateProblem(feeRate) ? null : feeRate} />}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Leverages offered"
          name="leverages"
          validateStatus={
            levProblem && (submitted || leverageTags.length > 0)
              ? 'error'
              : atOnce.length
                ? 'error'
                : undefined
          }
          help={
            levProblem && (submitted || leverageTags.length > 0)
              ? levProblem
              : atOnce.length
                ? `×${atOnce.join(', ×')}: the initial margin (1/leverage) is not above the first tier's MMR (${formatRate(tiers[0]?.mmr)}), so every position would open liquidatable. Lower the leverage or the first tier's rate.`
                : undefined
          }
        >
          <Select
            mode="tags"
            tokenSeparators={[',', ' ']}
            placeholder="Type or pick: 10, 20, 50"
            options={COMMON_LEVERAGES.map((l) => ({ value: String(l), label: `×${l}` }))}
            data-testid="lever-product-leverages"
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            label={`Minimum quantity${inst ? ` (${inst.base})` : ''}`}
            name="min_qty"
            style={{ flex: '1 1 150px' }}
            rules={[fieldRule((v) => quantityProblem(v))]}
          >
            <Input placeholder="0.001" inputMode="decimal" />
          </Form.Item>
          <Form.Item
            label="Quantity step"
            name="qty_step"
            style={{ flex: '1 1 150px' }}
            rules={[fieldRule((v) => quantityProblem(v))]}
            extra={inst ? `Market precision: ${inst.amount_precision} places` : undefined}
          >
            <Input placeholder="0.001" inputMode="decimal" />
          </Form.Item>
          <Form.Item
            label="Position limit per user"
            name="max_position_qty"
            style={{ flex: '1 1 170px' }}
            rules={[fieldRule((v) => quantityProblem(v))]}
          >
            <Input placeholder="100" inputMode="decimal" />
          </Form.Item>
        </Flex>
        {sizeIssue ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={sizeIssue} /> : null}
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Maintenance-margin tiers
        </Typography.Title>
        <TiersEditor submitted={submitted} />
      </Form>
    </Modal>
  );
}

/** The tier table compactly: bound, rate and cum per row, in aligned columns. */
function TiersCell({ tiers }: { tiers: LeverTier[] }) {
  return (
    <div className="lever-grid lever-grid-3">
      {tiers.map((t, i) => [
        <span key={`b${i}`}>
          {t.max_notional === null ? '>' : '≤'}{' '}
          {formatAmount(t.max_notional ?? tiers[i - 1]?.max_notional ?? '0')}
        </span>,
        <span key={`r${i}`} className="lever-right">
          {formatRate(t.mmr)}
        </span>,
        <span key={`c${i}`} className="lever-muted">
          cum {formatAmount(t.cum)}
        </span>,
      ])}
    </div>
  );
}

export default function LeverProductsPage() {
  const me = useOperator();
  const isAdmin = me.role === 'admin';
  const [modal, setModal] = useState<{ open: boolean; editing: LeverAdminProduct | null }>({
    open: false,
    editing: null,
  });
  const list = useQuery({
    queryKey: leverKeys.products,
    queryFn: leverApi.products,
    refetchInterval: 10_000,
  });
  const instruments = useQuery({ queryKey: marketKeys.instruments, queryFn: marketApi.instruments });
  const currencies = useQuery({ queryKey: queryKeys.currencies, queryFn: adminApi.currencies });
  const products = useMemo(() => list.data ?? [], [list.data]);
  const currencyName = (id: number) => currencies.data?.find((c) => c.id === id)?.name ?? `#${id}`;
  const free = (instruments.data ?? []).filter(
    (i) => !products.some((p) => p.instrument_id === i.id) && !('reason' in productEligibility(i)),
  );

  const columns: TableColumnsType<LeverAdminProduct> = [
    {
      title: 'Market',
      dataIndex: 'symbol',
      width: 150,
      fixed: 'left',
      render: (s: string, p) => (
        <Flex vertical gap={2} align="flex-start">
          <Typography.Text strong>{s}</Typography.Text>
          <Space size={4} wrap>
            <Tag color={p.group === 'forex' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0 }}>
              {p.group}
            </Tag>
            <Tag style={{ marginInlineEnd: 0 }}>{SETTLEMENT_LABEL[p.settlement]}</Tag>
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            margin in {currencyName(p.margin_currency_id)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'New positions',
      width: 100,
      render: (_, p) => (p.status === 1 ? <Tag color="green">open</Tag> : <Tag color="red">suspended</Tag>),
    },
    {
      title: 'Leverages',
      width: 150,
      render: (_, p) => (
        <Flex wrap gap={4}>
          {p.leverages.map((l) => (
            <Tag key={l} style={{ marginInlineEnd: 0, paddingInline: 5 }}>
              ×{l}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: 'Taker fee',
      width: 80,
      align: 'right',
      render: (_, p) => <span className="amount">{formatRate(p.fee_rate)}</span>,
    },
    {
      title: 'Quantity (base)',
      width: 160,
      render: (_, p) => (
        <div className="lever-grid lever-grid-2">
          <span className="lever-muted">min</span>
          <span>{formatAmount(p.min_qty)}</span>
          <span className="lever-muted">step</span>
          <span>{formatAmount(p.qty_step)}</span>
          <span className="lever-muted">per user</span>
          <span>{formatAmount(p.max_position_qty)}</span>
        </div>
      ),
    },
    {
      title: 'Maintenance tiers: notional, MMR, cum',
      width: 300,
      render: (_, p) => <TiersCell tiers={p.tiers} />,
    },
    {
      title: '',
      width: 60,
      render: (_, p) =>
        isAdmin ? (
          <Button
            size="small"
            type="link"
            onClick={() => setModal({ open: true, editing: p })}
            data-testid={`lever-edit-${p.symbol}`}
          >
            Edit
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Leverage products"
        description="Isolated-margin positions against the house. Liquidation closes at the bankruptcy price; the insurance fund takes or covers the difference to the market price."
        extra={
          isAdmin ? (
            <Button
              type="primary"
              disabled={!instruments.data || free.length === 0}
              onClick={() => setModal({ open: true, editing: null })}
              data-testid="lever-new-product"
            >
              New product
            </Button>
          ) : null
        }
      />
      {list.isError ? (
        <QueryError error={list.error} what="leverage products" onRetry={() => void list.refetch()} />
      ) : null}
      {instruments.isError ? (
        <QueryError error={instruments.error} what="markets" onRetry={() => void instruments.refetch()} />
      ) : null}
      <Table<LeverAdminProduct>
        rowKey="instrument_id"
        size="middle"
        scroll={{ x: 1000 }}
        loading={list.isPending}
        columns={columns}
        dataSource={products}
        pagination={false}
        locale={{ emptyText: list.isPending ? ' ' : 'No leverage products yet' }}
      />
      <ProductModal
        key={modal.editing?.instrument_id ?? 'new'}
        editing={modal.editing}
        open={modal.open}
        instruments={instruments.data ?? []}
        products={products}
        onClose={() => setModal({ open: false, editing: null })}
      />
    </>
  );
}
