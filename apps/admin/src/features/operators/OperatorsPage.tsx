import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { OPERATOR_ROLES, type OperatorRole, type OperatorRow } from '@bourse/contract';
import { adminApi, queryKeys, type NewOperator } from '../../api/admin';
import { errorText } from '../../api/client';
import { ROLE_COLORS } from '../../app/AdminLayout';
import { useOperator } from '../../app/auth';
import { formatDateTime } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';


interface CreateForm extends NewOperator {
  confirm: string;
}

function CreateOperatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CreateForm>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const create = useMutation({
    mutationFn: ({ username, password, role }: CreateForm) => adminApi.createOperator({ username, password, role }),
    onSuccess: async (created) => {
      void message.success(`Operator ${created.username} created`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.operators });
      form.resetFields();
      create.reset();
      onClose();
    },
  });

  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };

  return (
    <Modal
      title="New operator"
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText="Create operator"
      okButtonProps={{ loading: create.isPending }}
      destroyOnHidden
      forceRender
    >
      {create.isError ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(create.error)} />
      ) : null}
      <Form<CreateForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'support' }}
        onFinish={(values) => create.mutate({ ...values, username: values.username.trim() })}
        disabled={create.isPending}
      >
        <Form.Item
          label="Username"
          name="username"
          rules={[
            { required: true, whitespace: true, message: 'Enter a username' },
            { pattern: /^[A-Za-z0-9._-]{3,64}$/, message: '3–64 letters, digits, dots, dashes or underscores' },
          ]}
        >
          <Input autoComplete="off" data-testid="operator-create-username" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          extra="At least 10 characters (longer is better). Hand it over out of band."
          rules={[
            { required: true, message: 'Enter a password' },
            { min: 10, message: 'At least 10 characters' },
            { max: 128, message: 'At most 128 characters' },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="operator-create-password" />
        </Form.Item>
        <Form.Item
          label="Repeat password"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Repeat the password' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error('The passwords differ')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="operator-create-confirm" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={[{ required: true }]} extra="Only admins can manage operators.">
          <Select data-testid="operator-create-role" options={OPERATOR_ROLES.map((role) => ({ value: role, label: role }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function OperatorsPage() {
  const me = useOperator();
  const [creating, setCreating] = useState(false);
  const operators = useQuery({ queryKey: queryKeys.operators, queryFn: adminApi.operators });

  const columns: TableColumnsType<OperatorRow> = [
    { title: 'ID', dataIndex: 'id', width: 90, render: (id: number) => <span className="mono">#{id}</span> },
    {
      title: 'Username',
      dataIndex: 'username',
      render: (name: string, row) => (
        <span>
          <Typography.Text strong>{name}</Typography.Text>
          {row.id === me.id ? <Typography.Text type="secondary"> (you)</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: 'Role',
      dataIndex: 'role',
      filters: OPERATOR_ROLES.map((r) => ({ text: r, value: r })),
      onFilter: (value, row) => row.role === value,
      render: (role: OperatorRole) => <Tag color={ROLE_COLORS[role] ?? 'default'}>{role}</Tag>,
    },
    {
      title: 'Status',
      dataIndex: 'disabled',
      render: (disabled: boolean) => (disabled ? <Tag color="red">disabled</Tag> : <Tag color="green">active</Tag>),
    },
    { title: 'Created', dataIndex: 'created_at', width: 180, render: (at: string) => formatDateTime(at) },
    {
      title: 'Last sign-in',
      dataIndex: 'last_login_at',
      width: 180,
      render: (at: string | null) => (at ? formatDateTime(at) : <Typography.Text type="secondary">never</Typography.Text>),
    },
  ];

  return (
    <>
      <PageHeader
        title="Operators"
        description="Console accounts and their roles."
        extra={
          <Button type="primary" onClick={() => setCreating(true)} data-testid="operator-create-open">
            New operator
          </Button>
        }
      />
      {operators.isError ? (
        <QueryError what="operators" error={operators.error} onRetry={() => operators.refetch()} />
      ) : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<OperatorRow>
          data-testid="operators-table"
          rowKey="id"
          columns={columns}
          dataSource={operators.data}
          loading={operators.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (t) => `${t} operators` }}
          locale={{ emptyText: operators.isPending ? ' ' : 'No operators' }}
        />
      </Card>
      <CreateOperatorModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
