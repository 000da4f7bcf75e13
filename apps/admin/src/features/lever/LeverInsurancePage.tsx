/**
 * Console: the leverage insurance fund — balance per currency, what liquidations paid into and
 * out of it, the shortfalls the house absorbed beyond it, and the trigger sweeper's state — and a
 * top-up from platform capital (house → fund, one journal entry, audited; admins only).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Row,
  Select,
  Statistic,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { LeverInsurance } from '@bourse/contract';
import { adminApi, queryKeys } from '../../api/admin';
import { errorText } from '../../api/client';
import { leverApi, leverKeys, type LeverFundInput } from '../../api/lever';
import { useOperator } from '../../app/auth';
import { amountProblem } from '../../lib/amount';
import { formatAmount, isZeroAmount } from '../../lib/format';
import { Amount } from '../../ui/Amount';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

type Fund = LeverInsurance['funds'][number];

function Sweeper({ sweeper }: { sweeper: LeverInsurance['sweeper'] }) {
  const healthy = sweeper.running && !sweeper.last_error;
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type={healthy ? 'success' : 'warning'}
      showIcon
      data-testid="lever-sweeper"
      title={
        sweeper.running
          ? `Trigger sweeper running in this process: ${sweeper.ticks} ticks checked, ${sweeper.closed} positions closed (liquidation, take-profit, stop-loss), ${sweeper.errors} errors since start`
          : 'No trigger sweeper runs in this API process: liquidations, take-profits and stop-losses are not being checked here.'
      }
      description={sweeper.last_error ? `Last error: ${sweeper.last_error}` : undefined}
    />
  );
}

function TopUp({ funds }: { funds: Fund[] }) {
  const [form] = Form.useForm<{ currency_id?: number; amount: string; memo: string }>();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const currencies = useQuery({ queryKey: queryKeys.currencies, queryFn: adminApi.currencies });
  const [lastError, setLastError] = useState<unknown>(null);
  const fund = useMutation({
    mutationFn: (input: LeverFundInput) => leverApi.fundInsurance(input),
    onSuccess: (data, input) => {
      queryClient.setQueryData(leverKeys.insurance, data);
      const name = funds.find((f) => f.currency_id === input.currency_id)?.currency ?? '';
      void message.success(`Insurance fund topped up: ${formatAmount(input.amount)} ${name}`);
      setLastError(null);
      form.resetFields(['amount', 'memo']);
    },
    onError: (e) => setLastError(e),
  });
  const decimalsOf = (id: number | undefined) => currencies.data?.find((c) => c.id === id)?.decimals;

  const submit = (v: { currency_id?: number; amount: string; memo: string }) => {
    const name = funds.find((f) => f.currency_id === v.currency_id)?.currency ?? '';
    const input: LeverFundInput = {
      currency_id: v.currency_id!,
      amount: v.amount.trim(),
      memo: v.memo.trim(),
      // One key per confirmed top-up: a retried request (network, double click) moves nothing twice.
      client_key: `topup-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
    };
    // A money movement: the operator confirms the exact figure first.
    void modal.confirm({
      title: 'Top up the insurance fund?',
      content: `${formatAmount(input.amount)} ${name} moves from platform capital (house) to the leverage insurance fund in one journal entry, recorded in the audit log with the memo “${input.memo}”.`,
      okText: 'Move to the fund',
      onOk: () => fund.mutateAsync(input).catch(() => undefined),
    });
  };

  return (
    <Card title="Top up from platform capital" size="small" style={{ marginBottom: 16 }}>
      {lastError ? (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorText(lastError)} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          currency_id: funds.length === 1 ? funds[0]!.currency_id : undefined,
          amount: '',
          memo: '',
        }}
        onFinish={submit}
        disabled={fund.isPending}
        style={{ maxWidth: 560 }}
      >
        <Row gutter={12}>
          <Col xs={24} sm={10}>
            <Form.Item
              label="Currency"
              name="currency_id"
              rules={[{ required: true, message: 'Pick a currency' }]}
            >
              <Select
                options={funds.map((f) => ({ value: f.currency_id, label: f.currency }))}
                placeholder="Currency"
                data-testid="lever-fund-currency"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item
              label="Amount"
              name="amount"
              dependencies={['currency_id']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: string | undefined) => {
                    const decimals = decimalsOf(getFieldValue('currency_id') as number | undefined);
                    const problem =
                      decimals === undefined
                        ? v?.trim()
                          ? null
                          : 'Enter an amount.'
                        : amountProblem(v, decimals);
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input inputMode="decimal" placeholder="e.g. 10000" data-testid="lever-fund-amount" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Memo (why; kept in the journal and the audit log)"
          name="memo"
          rules={[
            { required: true, whitespace: true, max: 200, message: 'Say why, in at most 200 characters' },
          ]}
        >
          <Input maxLength={200} placeholder="e.g. Initial capitalisation" data-testid="lever-fund-memo" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={fund.isPending} data-testid="lever-fund-submit">
          Move to the fund…
        </Button>
      </Form>
    </Card>
  );
}

export default function LeverInsurancePage() {
  const me = useOperator();
  const insurance = useQuery({
    queryKey: leverKeys.insurance,
    queryFn: leverApi.insurance,
    refetchInterval: 5000,
  });
  const data = insurance.data;
  // The totals are in the margin currency; name it when the fund holds exactly one with money in it.
  const held = (data?.funds ?? []).filter((f) => !isZeroAmount(f.balance));
  const unit =
    held.length === 1 ? held[0]!.currency : data?.funds.length === 1 ? data.funds[0]!.currency : '';
  const columns: TableColumnsType<Fund> = [
    { title: 'Currency', dataIndex: 'currency' },
    {
      title: 'Fund balance',
      dataIndex: 'balance',
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Insurance fund"
        description="Liquidations close at the bankruptcy price: the fund receives what is left between it and the market price, or pays the gap when the market moved past it. What the fund cannot cover, the house absorbs; the user never owes more than the margin."
      />
      {insurance.isError ? (
        <QueryError
          error={insurance.error}
          what="the insurance fund"
          onRetry={() => void insurance.refetch()}
        />
      ) : null}
      {data ? <Sweeper sweeper={data.sweeper} /> : null}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title="Paid in by liquidations"
              value={data ? formatAmount(data.paid_in) : '—'}
              suffix={unit}
              loading={insurance.isPending}
            />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title="Paid out to cover liquidations"
              value={data ? formatAmount(data.paid_out) : '—'}
              suffix={unit}
              loading={insurance.isPending}
            />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title="Absorbed by the house (beyond the fund)"
              value={data ? formatAmount(data.house_absorbed) : '—'}
              suffix={unit}
              loading={insurance.isPending}
            />
          </Card>
        </Col>
      </Row>
      <Card title="Fund balance per currency" size="small" style={{ marginBottom: 16 }}>
        <Table<Fund>
          rowKey="currency_id"
          size="small"
          loading={insurance.isPending}
          columns={columns}
          dataSource={held.length ? held : (data?.funds ?? [])}
          pagination={false}
          locale={{ emptyText: insurance.isPending ? ' ' : 'No fund account yet' }}
          data-testid="lever-funds"
        />
        {held.length && data && held.length < data.funds.length ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
            {data.funds.length - held.length} other currencies hold nothing.
          </Typography.Text>
        ) : null}
      </Card>
      {me.role === 'admin' && data ? <TopUp funds={data.funds} /> : null}
      {me.role !== 'admin' && data ? (
        <Typography.Text type="secondary">
          Only an admin can top up the fund from platform capital.
        </Typography.Text>
      ) : null}
    </>
  );
}
