/**
 * Console: the receiving bank account users see when they deposit through the bank-card channel
 * (the fiat currency stored as BANKCARD), and the currency it holds: users see the channel as
 * "Bank transfer (USD)" with amounts in that currency. An empty account number switches it off.
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BankChannel, FIAT_CODES } from '@bourse/contract';
import { App, Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { errorText } from '../../api/client';
import { assetsApi, assetsKeys } from '../../api/assets';

const EMPTY: BankChannel = {
  currency: 'USD',
  bank_name: '',
  account_name: '',
  account_number: '',
  branch: '',
  swift: '',
  note: '',
};

export function BankChannelCard({ canEdit }: { canEdit: boolean }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<BankChannel>();
  const q = useQuery({ queryKey: assetsKeys.bankChannel, queryFn: assetsApi.bankChannel });
  useEffect(() => {
    if (q.isSuccess) form.setFieldsValue(q.data ?? EMPTY);
  }, [q.isSuccess, q.data, form]);
  const save = useMutation({
    mutationFn: (v: BankChannel) => assetsApi.saveBankChannel({ ...EMPTY, ...v }),
    onSuccess: async () => {
      void message.success('Receiving bank account saved');
      await qc.invalidateQueries({ queryKey: assetsKeys.bankChannel });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  return (
    <Card
      size="small"
      title="Bank transfer channel (BANKCARD): the receiving account and its currency"
      style={{ marginBottom: 16 }}
      loading={q.isPending}
    >
      <Form<BankChannel>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={(v) => save.mutate(v)}
        data-testid="bank-channel-form"
      >
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="bank_name" label="Bank">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="account_name" label="Account holder">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="account_number" label="Account number (empty = off)">
              <Input maxLength={64} className="mono" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="branch" label="Branch">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="currency" label="Currency of the account">
              <Select
                options={FIAT_CODES.map((c) => ({ value: c, label: c }))}
                data-testid="bank-channel-currency"
              />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="swift" label="SWIFT">
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="note" label="Note to users (e.g. what to put in the transfer memo)">
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col span={4} style={{ display: 'flex', alignItems: 'end', paddingBottom: 24 }}>
            <Button htmlType="submit" type="primary" loading={save.isPending}>
              Save
            </Button>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
