/** Site settings: name, logo, customer-service link, partner and media lists, and the home shortcuts. */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import type { MenuRow, SiteSettings } from '@bourse/contract';
import { errorText } from '../../api/client';
import { LANGS, contentApi, contentKeys } from '../../api/content';
import { useOperator } from '../../app/auth';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';

function LinkList({
  name,
  label,
  disabled,
}: {
  name: 'partners' | 'media';
  label: string;
  disabled: boolean;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Card size="small" title={label} style={{ marginBottom: 16 }} data-testid={`site-${name}`}>
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="flex-start">
              <Form.Item
                name={[field.name, 'name']}
                rules={[{ required: true, whitespace: true, message: 'Name' }]}
                style={{ flex: 1 }}
              >
                <Input placeholder="Name" maxLength={60} />
              </Form.Item>
              <Form.Item name={[field.name, 'logo']} style={{ flex: 1.4 }}>
                <Input placeholder="Logo (/path or https URL, optional)" />
              </Form.Item>
              <Form.Item name={[field.name, 'url']} style={{ flex: 1.4 }}>
                <Input placeholder="Link (https URL, optional)" />
              </Form.Item>
              {!disabled ? (
                <Button onClick={() => remove(field.name)} danger type="text">
                  Remove
                </Button>
              ) : null}
            </Flex>
          ))}
          {!disabled ? (
            <Button onClick={() => add({ name: '', logo: '', url: '' })} data-testid={`site-${name}-add`}>
              Add
            </Button>
          ) : null}
        </Card>
      )}
    </Form.List>
  );
}

function SettingsForm({ isAdmin }: { isAdmin: boolean }) {
  const [form] = Form.useForm<SiteSettings>();
  const settings = useQuery({ queryKey: contentKeys.site, queryFn: contentApi.siteSettings });
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: (v: SiteSettings) =>
      contentApi.saveSiteSettings({
        ...v,
        partners: v.partners ?? [],
        media: v.media ?? [],
        site_logo: v.site_logo ?? '',
        customer_service_url: v.customer_service_url ?? '',
      }),
    onSuccess: async () => {
      void message.success('Site settings saved');
      await queryClient.invalidateQueries({ queryKey: contentKeys.site });
    },
  });
  if (settings.isError)
    return <QueryError error={settings.error} onRetry={settings.refetch} what="site settings" />;
  return (
    <Card title="Site" loading={settings.isPending} style={{ marginBottom: 16 }}>
      {save.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={errorText(save.error)}
          data-testid="site-error"
        />
      ) : null}
      <Form<SiteSettings>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => save.mutate(v)}
        disabled={!isAdmin || save.isPending}
        style={{ maxWidth: 900 }}
      >
        <Flex gap={16} wrap>
          <Form.Item
            label="Site name"
            name="site_name"
            rules={[{ required: true, whitespace: true, max: 60 }]}
            style={{ minWidth: 260 }}
          >
            <Input data-testid="site-name-input" />
          </Form.Item>
          <Form.Item
            label="Logo"
            name="site_logo"
            extra="An app path (/logo.webp) or an https URL"
            style={{ flex: 1, minWidth: 260 }}
          >
            <Input />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Customer service link"
          name="customer_service_url"
          extra="Your chat (https, opens in a new tab), a mailto: address, or an app page such as /pages/common/contact (the built-in contact page, edited under Content) or /pages/setting/message. The app's Support shortcut and the FAQ open it; leave empty to hide them."
        >
          <Input
            placeholder="https://chat.example.com/… or /pages/common/contact"
            data-testid="site-service-input"
          />
        </Form.Item>
        <LinkList name="partners" label="Partners (home page)" disabled={!isAdmin} />
        <LinkList name="media" label="Media (home page)" disabled={!isAdmin} />
        {isAdmin ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="site-save">
            Save site settings
          </Button>
        ) : (
          <Alert type="info" showIcon title="Only admins change site settings." />
        )}
      </Form>
    </Card>
  );
}

function MenuEditor({ item, onClose }: { item: MenuRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{
    names: Record<string, string>;
    url: string;
    icon: string;
    sort: number;
    status: boolean;
  }>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  useEffect(() => {
    if (item)
      form.setFieldsValue({
        names: item.names,
        url: item.url,
        icon: item.icon,
        sort: item.sort,
        status: item.status === 1,
      });
  }, [item, form]);
  const save = useMutation({
    mutationFn: (v: {
      names: Record<string, string>;
      url: string;
      icon: string;
      sort: number;
      status: boolean;
    }) =>
      contentApi.updateMenu(item!.id, {
        names: Object.fromEntries(Object.entries(v.names ?? {}).filter(([, n]) => n && n.trim())),
        url: v.url,
        icon: v.icon ?? '',
        sort: v.sort ?? 0,
        status: v.status ? 1 : 0,
      }),
    onSuccess: async () => {
      void message.success('Shortcut saved');
      await queryClient.invalidateQueries({ queryKey: contentKeys.menu });
      save.reset();
      onClose();
    },
  });
  return (
    <Modal
      open={item !== null}
      title={`Shortcut “${item?.key ?? ''}”`}
      onCancel={() => {
        save.reset();
        onClose();
      }}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      width={640}
      destroyOnHidden
      forceRender
    >
      {save.isError ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(save.error)} />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          label="Target"
          name="url"
          extra="An app path (/pages/…), an https URL, or service: for the customer-service link"
          rules={[{ required: true }]}
        >
          <Input />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            label="Icon"
            name="icon"
            extra="Built-in name (deposit, savings, quotes, invite, service, language, faq …) or an image path"
          >
            <Input />
          </Form.Item>
          <Form.Item label="Sort" name="sort">
            <InputNumber min={0} max={10000} precision={0} />
          </Form.Item>
          <Form.Item label="Shown" name="status" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          {LANGS.map((lang) => (
            <Form.Item
              key={lang}
              label={lang}
              name={['names', lang]}
              style={{ width: 180 }}
              rules={lang === 'en' ? [{ required: true, whitespace: true }] : []}
            >
              <Input maxLength={40} />
            </Form.Item>
          ))}
        </Flex>
      </Form>
    </Modal>
  );
}

function Shortcuts({ isAdmin }: { isAdmin: boolean }) {
  const menu = useQuery({ queryKey: contentKeys.menu, queryFn: contentApi.menu });
  const [editing, setEditing] = useState<MenuRow | null>(null);
  const columns: TableColumnsType<MenuRow> = [
    { title: 'Sort', dataIndex: 'sort', width: 70 },
    { title: 'Key', dataIndex: 'key', width: 130, render: (k: string) => <span className="mono">{k}</span> },
    { title: 'English', render: (_: unknown, m) => m.names.en },
    { title: '中文', render: (_: unknown, m) => m.names.zh },
    { title: 'Target', dataIndex: 'url', render: (u: string) => <span className="mono">{u}</span> },
    {
      title: 'Shown',
      dataIndex: 'status',
      width: 90,
      render: (s: number) => (s === 1 ? <Tag color="green">shown</Tag> : <Tag>hidden</Tag>),
    },
    {
      title: '',
      width: 80,
      render: (_: unknown, m) =>
        isAdmin ? (
          <Button size="small" type="link" onClick={() => setEditing(m)}>
            Edit
          </Button>
        ) : null,
    },
  ];
  return (
    <Card title="Home shortcuts">
      {menu.isError ? <QueryError error={menu.error} onRetry={menu.refetch} what="shortcuts" /> : null}
      <Table<MenuRow>
        rowKey="id"
        size="small"
        loading={menu.isPending}
        columns={columns}
        dataSource={menu.data ?? []}
        pagination={false}
      />
      <MenuEditor item={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

export default function SiteSettingsPage() {
  const me = useOperator();
  const isAdmin = me.role === 'admin';
  return (
    <>
      <PageHeader
        title="Site settings"
        description="What the app shows on launch and on Home. Changes apply to new page loads."
      />
      <SettingsForm isAdmin={isAdmin} />
      <Shortcuts isAdmin={isAdmin} />
    </>
  );
}
