/** Content: items per category with state, languages and schedule; the editor; categories. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Flex,
  Input,
  Popconfirm,
  Select,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { AdminContentCategory, AdminContentRow, ContentItemStatus } from '@bourse/contract';
import { errorText } from '../../api/client';
import { contentApi, contentKeys } from '../../api/content';
import { useOperator } from '../../app/auth';
import { formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { ItemEditor } from './ItemEditor';
import './content.css';

const STATE_COLORS: Record<string, string> = {
  live: 'green',
  scheduled: 'blue',
  draft: 'default',
  hidden: 'orange',
};

function ItemsTab({ categories }: { categories: AdminContentCategory[] }) {
  const me = useOperator();
  const canEdit = me.role === 'admin' || me.role === 'support';
  const { page, limit, setPage, params, setParams } = usePageParams();
  const categoryId = params.get('category') ? Number(params.get('category')) : undefined;
  const status = (params.get('status') as ContentItemStatus | null) ?? undefined;
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = params.get('q') ?? undefined;
  const query = { page, limit, category_id: categoryId, status, q };
  const items = useQuery({ queryKey: contentKeys.items(query), queryFn: () => contentApi.items(query) });
  const [editing, setEditing] = useState<number | null | 'new'>(null);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const remove = useMutation({
    mutationFn: (id: number) => contentApi.remove(id),
    onSuccess: async (r) => {
      void message.success(`Deleted #${r.id}`);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const catName = (id: number) => categories.find((c) => c.id === id)?.names.en ?? String(id);

  const setFilter = (key: string, value: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      next.set('page', '1');
      return next;
    });

  const columns: TableColumnsType<AdminContentRow> = [
    { title: 'ID', dataIndex: 'id', width: 70, render: (id: number) => <span className="mono">#{id}</span> },
    {
      title: 'Title (English)',
      dataIndex: 'title',
      width: 380,
      render: (title: string, row) => (
        <span>
          <Typography.Text strong>{title}</Typography.Text>{' '}
          {row.is_popup ? <Tag color="purple">popup</Tag> : null}
          {row.is_demo ? <Tag color="gold">demo</Tag> : null}
        </span>
      ),
    },
    { title: 'Category', dataIndex: 'category_id', width: 150, render: (id: number) => catName(id) },
    {
      title: 'State',
      dataIndex: 'state',
      width: 110,
      render: (s: string) => <Tag color={STATE_COLORS[s]}>{s}</Tag>,
    },
    {
      title: 'Languages',
      dataIndex: 'langs',
      width: 160,
      render: (langs: string[]) => <span className="mono">{langs.join(' ')}</span>,
    },
    {
      title: 'Publish at',
      dataIndex: 'publish_at',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    { title: 'Updated', dataIndex: 'updated_at', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '',
      width: 150,
      render: (_: unknown, row) =>
        canEdit ? (
          <Flex gap={4}>
            <Button
              size="small"
              type="link"
              onClick={() => setEditing(row.id)}
              data-testid={`content-edit-${row.id}`}
            >
              Edit
            </Button>
            <Popconfirm
              title={`Delete #${row.id} "${row.title}"? Readers lose it at once.`}
              onConfirm={() => remove.mutate(row.id)}
            >
              <Button size="small" type="link" danger>
                Delete
              </Button>
            </Popconfirm>
          </Flex>
        ) : (
          <Button size="small" type="link" onClick={() => setEditing(row.id)}>
            View
          </Button>
        ),
    },
  ];

  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="All categories"
          style={{ width: 200 }}
          value={categoryId}
          onChange={(v: number | undefined) => setFilter('category', v ? String(v) : undefined)}
          options={categories.map((c) => ({ value: c.id, label: c.names.en ?? c.key }))}
          data-testid="content-filter-category"
        />
        <Select
          allowClear
          placeholder="Any state"
          style={{ width: 150 }}
          value={status}
          onChange={(v: string | undefined) => setFilter('status', v)}
          options={[
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Draft' },
            { value: 'hidden', label: 'Hidden' },
          ]}
        />
        <Input.Search
          placeholder="Search titles"
          allowClear
          style={{ width: 260 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => setFilter('q', v.trim() || undefined)}
        />
        <div style={{ flex: 1 }} />
        {canEdit ? (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="content-new">
            New content
          </Button>
        ) : null}
      </Flex>
      {items.isError ? <QueryError error={items.error} onRetry={items.refetch} what="content" /> : null}
      <Table<AdminContentRow>
        rowKey="id"
        size="middle"
        loading={items.isPending}
        columns={columns}
        dataSource={items.data?.items ?? []}
        pagination={tablePagination(page, limit, items.data?.total, setPage)}
        data-testid="content-table"
      />
      <ItemEditor
        open={editing !== null}
        itemId={editing === 'new' || editing === null ? null : editing}
        categories={categories}
        defaultCategory={categoryId}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

function CategoriesTab({ categories, loading }: { categories: AdminContentCategory[]; loading: boolean }) {
  const me = useOperator();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: { names?: Record<string, string>; status?: number } }) =>
      contentApi.updateCategory(id, patch),
    onSuccess: async () => {
      void message.success('Category saved');
      await queryClient.invalidateQueries({ queryKey: contentKeys.categories });
    },
    onError: (err) => void message.error(errorText(err)),
  });
  const isAdmin = me.role === 'admin';
  const columns: TableColumnsType<AdminContentCategory> = [
    { title: 'c_id', dataIndex: 'id', width: 80, render: (id: number) => <span className="mono">{id}</span> },
    { title: 'Key', dataIndex: 'key', width: 140, render: (k: string) => <span className="mono">{k}</span> },
    { title: 'Shown as', dataIndex: 'kind', width: 100 },
    {
      title: 'Name (English)',
      render: (_: unknown, c) =>
        isAdmin ? (
          <Typography.Text
            editable={{
              onChange: (v) =>
                v.trim() && v !== c.names.en && update.mutate({ id: c.id, patch: { names: { en: v } } }),
            }}
          >
            {c.names.en}
          </Typography.Text>
        ) : (
          c.names.en
        ),
    },
    {
      title: 'Name (中文)',
      render: (_: unknown, c) =>
        isAdmin ? (
          <Typography.Text
            editable={{
              onChange: (v) =>
                v.trim() && v !== c.names.zh && update.mutate({ id: c.id, patch: { names: { zh: v } } }),
            }}
          >
            {c.names.zh}
          </Typography.Text>
        ) : (
          c.names.zh
        ),
    },
    { title: 'Items', dataIndex: 'items', width: 80, align: 'right' },
    {
      title: 'Visible',
      dataIndex: 'status',
      width: 100,
      render: (s: number, c) => (
        <Switch
          checked={s === 1}
          disabled={!isAdmin}
          onChange={(on) => update.mutate({ id: c.id, patch: { status: on ? 1 : 0 } })}
        />
      ),
    },
  ];
  return (
    <Table<AdminContentCategory>
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={categories}
      pagination={false}
    />
  );
}

export default function ContentPage() {
  const categories = useQuery({ queryKey: contentKeys.categories, queryFn: contentApi.categories });
  return (
    <>
      <PageHeader
        title="Content"
        description="Announcements, articles, FAQ, banners and pages, per language. Readers get their language, else English. Bodies are sanitised on save."
      />
      {categories.isError ? (
        <QueryError error={categories.error} onRetry={categories.refetch} what="categories" />
      ) : null}
      <Tabs
        items={[
          { key: 'items', label: 'Items', children: <ItemsTab categories={categories.data ?? []} /> },
          {
            key: 'categories',
            label: 'Categories',
            children: <CategoriesTab categories={categories.data ?? []} loading={categories.isPending} />,
          },
        ]}
      />
    </>
  );
}
