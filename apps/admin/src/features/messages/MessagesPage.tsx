/** Messages: send one to a user (by ID) or to every user; list of sent messages with read counts. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import type { SentMessageRow } from '@bourse/contract';
import { errorText } from '../../api/client';
import { contentApi, contentKeys } from '../../api/content';
import { useOperator } from '../../app/auth';
import { formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

interface FormValues {
  audience: 'user' | 'all';
  user_id?: number;
  title: string;
  body: string;
}

function SendForm() {
  const [form] = Form.useForm<FormValues>();
  const audience = Form.useWatch('audience', form);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [confirming, setConfirming] = useState<FormValues | null>(null);
  const send = useMutation({
    mutationFn: (v: FormValues) =>
      contentApi.sendMessage({
        user_id: v.audience === 'all' ? null : (v.user_id ?? null),
        title: v.title,
        body: v.body,
      }),
    onSuccess: async (m) => {
      void message.success(
        m.user_id === null ? 'Broadcast sent to every user' : `Message sent to user #${m.user_id}`,
      );
      form.resetFields();
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'messages'] });
    },
    onError: () => setConfirming(null),
  });
  return (
    <Card title="Send a message" style={{ marginBottom: 16 }}>
      {send.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={errorText(send.error)}
          data-testid="message-error"
        />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ audience: 'user' }}
        onFinish={(v) => (v.audience === 'all' ? setConfirming(v) : send.mutate(v))}
        disabled={send.isPending}
        style={{ maxWidth: 640 }}
      >
        <Form.Item label="To" name="audience">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'user', label: 'One user' },
              { value: 'all', label: 'All users (broadcast)' },
            ]}
          />
        </Form.Item>
        {audience !== 'all' ? (
          <Form.Item
            label="User ID"
            name="user_id"
            rules={[{ required: true, message: 'Enter the user ID (see Users)' }]}
          >
            <InputNumber min={1} precision={0} style={{ width: 200 }} data-testid="message-user" />
          </Form.Item>
        ) : null}
        <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, max: 120 }]}>
          <Input maxLength={120} data-testid="message-title" />
        </Form.Item>
        <Form.Item
          label="Message (plain text)"
          name="body"
          rules={[{ required: true, whitespace: true, max: 5000 }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={5000}
            data-testid="message-body"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="message-send">
          Send
        </Button>
      </Form>
      <Modal
        open={confirming !== null}
        title="Send to every user?"
        okText="Send broadcast"
        onOk={() => confirming && send.mutate(confirming)}
        onCancel={() => setConfirming(null)}
        okButtonProps={{ loading: send.isPending }}
      >
        Every user will find “{confirming?.title}” in their inbox. This cannot be recalled.
      </Modal>
    </Card>
  );
}

export default function MessagesPage() {
  const me = useOperator();
  const { query, page, limit, setPage } = usePageParams();
  const list = useQuery({ queryKey: contentKeys.messages(query), queryFn: () => contentApi.messages(query) });
  const columns: TableColumnsType<SentMessageRow> = [
    { title: 'ID', dataIndex: 'id', width: 70, render: (id: string) => <span className="mono">#{id}</span> },
    {
      title: 'To',
      dataIndex: 'user',
      width: 220,
      render: (user: string | null, m) =>
        user === null ? (
          <Tag color="purple">all users</Tag>
        ) : (
          <span>
            #{m.user_id} {user}
          </span>
        ),
    },
    { title: 'Title', dataIndex: 'title' },
    { title: 'Message', dataIndex: 'body', ellipsis: true },
    { title: 'Read by', dataIndex: 'reads', width: 90, align: 'right' },
    { title: 'By', dataIndex: 'operator', width: 110 },
    { title: 'Sent', dataIndex: 'created_at', width: 170, render: (v: string) => formatDateTime(v) },
  ];
  return (
    <>
      <PageHeader
        title="Messages"
        description="Messages land in the user's inbox in the app, with an unread badge."
      />
      {me.role !== 'reviewer' ? <SendForm /> : null}
      {list.isError ? <QueryError error={list.error} onRetry={list.refetch} what="messages" /> : null}
      <Table<SentMessageRow>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data?.items ?? []}
        pagination={tablePagination(page, limit, list.data?.total, setPage)}
        data-testid="messages-table"
      />
    </>
  );
}
