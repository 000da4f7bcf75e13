/**
 * The content editor: category, state and schedule, cover and link, popup flag, and one tab per
 * language (title, summary, rich-text HTML). English is required; empty languages fall back to
 * English in the app. "Preview" shows the body exactly as readers will get it (sanitised by the
 * server, the same function that runs on save).
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { isLang, type AdminContentCategory, type AdminContentItem, type ContentItemStatus } from '@bourse/contract';
import { errorText } from '../../api/client';
import { LANGS, contentApi, contentKeys, type ItemInput, type Lang } from '../../api/content';

const LANG_LABEL: Record<Lang, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
  de: 'Deutsch',
  vn: 'Tiếng Việt',
  py: 'Русский',
};

interface FormValues {
  category_id: number;
  status: ContentItemStatus;
  publish_at: Dayjs | null;
  cover: string;
  link_url: string;
  sort: number;
  is_popup: boolean;
  tr: Record<Lang, { title: string; summary: string; body: string }>;
}

function emptyTranslations(): FormValues['tr'] {
  return Object.fromEntries(LANGS.map((l) => [l, { title: '', summary: '', body: '' }])) as FormValues['tr'];
}

function toForm(item: AdminContentItem | null, categoryId: number | undefined): FormValues {
  const tr = emptyTranslations();
  for (const t of item?.translations ?? []) if (isLang(t.lang)) tr[t.lang] = { title: t.title, summary: t.summary, body: t.body };
  return {
    category_id: item?.category_id ?? categoryId ?? 40,
    status: item?.status ?? 'published',
    publish_at: item?.publish_at ? dayjs(item.publish_at) : null,
    cover: item?.cover ?? '',
    link_url: item?.link_url ?? '',
    sort: item?.sort ?? 0,
    is_popup: item?.is_popup ?? false,
    tr,
  };
}

function toInput(v: FormValues): ItemInput {
  return {
    category_id: v.category_id,
    status: v.status,
    publish_at: v.publish_at ? v.publish_at.toISOString() : null,
    cover: v.cover ?? '',
    link_url: v.link_url ?? '',
    sort: v.sort ?? 0,
    is_popup: v.is_popup ?? false,
    translations: LANGS.map((lang) => ({
      lang,
      title: v.tr[lang]?.title ?? '',
      summary: v.tr[lang]?.summary ?? '',
      body: v.tr[lang]?.body ?? '',
    })).filter((t) => t.title.trim() || t.body.trim()),
  };
}

/** Picks an image file and uploads it; calls back with the URL. */
function UploadButton({
  onUploaded,
  label,
  testId,
}: {
  onUploaded: (url: string) => void;
  label: string;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { message } = App.useApp();
  const upload = useMutation({
    mutationFn: (file: File) => contentApi.upload(file),
    onSuccess: (url) => {
      onUploaded(url);
      void message.success('Image uploaded');
    },
    onError: (err) => void message.error(errorText(err)),
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        style={{ display: 'none' }}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
          e.target.value = '';
        }}
      />
      <Button onClick={() => input.current?.click()} loading={upload.isPending}>
        {label}
      </Button>
    </>
  );
}

function LanguageTab({ lang, form }: { lang: Lang; form: ReturnType<typeof Form.useForm<FormValues>>[0] }) {
  const [preview, setPreview] = useState<string | null>(null);
  const { message } = App.useApp();
  const run = useMutation({
    mutationFn: () => contentApi.preview(String(form.getFieldValue(['tr', lang, 'body']) ?? '')),
    onSuccess: (r) => setPreview(r.body),
    onError: (err) => void message.error(errorText(err)),
  });
  const appendImage = (url: string) => {
    const body = String(form.getFieldValue(['tr', lang, 'body']) ?? '');
    form.setFieldValue(['tr', lang, 'body'], `${body}${body ? '\n' : ''}<p><img src="${url}" alt=""></p>`);
  };
  return (
    <>
      <Form.Item
        label="Title"
        name={['tr', lang, 'title']}
        rules={
          lang === 'en'
            ? [{ required: true, whitespace: true, message: 'The English title is required' }]
            : []
        }
        extra={
          lang === 'en'
            ? 'Required. Readers whose language has no version see English.'
            : 'Leave empty to show English to this language.'
        }
      >
        <Input maxLength={200} data-testid={`editor-title-${lang}`} />
      </Form.Item>
      <Form.Item
        label="Summary"
        name={['tr', lang, 'summary']}
        extra="Plain text for lists and the popup; taken from the body when empty."
      >
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} />
      </Form.Item>
      <Form.Item
        label="Body (HTML)"
        name={['tr', lang, 'body']}
        extra="Allowed: paragraphs, headings, lists, bold/italic, links (http/https/mailto or app paths), images, tables. Everything else (scripts, styles, event handlers) is removed on save."
      >
        <Input.TextArea
          autoSize={{ minRows: 8, maxRows: 24 }}
          className="mono"
          data-testid={`editor-body-${lang}`}
        />
      </Form.Item>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => run.mutate()} loading={run.isPending} data-testid={`editor-preview-${lang}`}>
          Preview
        </Button>
        <UploadButton label="Insert image" onUploaded={appendImage} />
      </Space>
      {preview !== null ? (
        <div className="content-preview" data-testid="editor-preview">
          <Typography.Text type="secondary">Preview (as readers will see it)</Typography.Text>
          <div className="content-preview-body" dangerouslySetInnerHTML={{ __html: preview }} />
        </div>
      ) : null}
    </>
  );
}

export function ItemEditor({
  open,
  itemId,
  categories,
  defaultCategory,
  onClose,
}: {
  open: boolean;
  itemId: number | null;
  categories: AdminContentCategory[];
  defaultCategory?: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const item = useQuery({
    queryKey: contentKeys.item(itemId ?? 0),
    queryFn: () => contentApi.item(itemId!),
    enabled: open && itemId !== null,
  });
  const [activeLang, setActiveLang] = useState<Lang>('en');
  const status = Form.useWatch('status', form);
  const cover = Form.useWatch('cover', form);

  useEffect(() => {
    if (!open) return;
    if (itemId === null) form.setFieldsValue(toForm(null, defaultCategory));
    else if (item.data) form.setFieldsValue(toForm(item.data, defaultCategory));
    setActiveLang('en');
  }, [open, itemId, item.data, defaultCategory, form]);

  const save = useMutation({
    mutationFn: (v: FormValues) =>
      itemId === null ? contentApi.create(toInput(v)) : contentApi.update(itemId, toInput(v)),
    onSuccess: async (saved) => {
      void message.success(`Saved #${saved.id} (${saved.state})`);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });
      save.reset();
      onClose();
    },
  });

  const filled = Form.useWatch('tr', form);
  const hasText = (l: Lang) => Boolean(filled?.[l]?.title?.trim() || filled?.[l]?.body?.trim());

  return (
    <Drawer
      title={itemId === null ? 'New content' : `Edit content #${itemId}`}
      open={open}
      onClose={() => {
        save.reset();
        onClose();
      }}
      size={880}
      destroyOnHidden
      forceRender
      extra={
        <Button
          type="primary"
          onClick={() => form.submit()}
          loading={save.isPending}
          data-testid="editor-save"
        >
          Save
        </Button>
      }
    >
      {save.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={errorText(save.error)}
          data-testid="editor-error"
        />
      ) : null}
      {item.isError ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(item.error)} />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => save.mutate(v)}
        disabled={save.isPending}
      >
        <Flex gap={16} wrap>
          <Form.Item
            label="Category"
            name="category_id"
            style={{ minWidth: 220 }}
            rules={[{ required: true }]}
          >
            <Select
              data-testid="editor-category"
              options={categories.map((c) => ({ value: c.id, label: `${c.names.en ?? c.key} (${c.id})` }))}
            />
          </Form.Item>
          <Form.Item label="State" name="status">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'published', label: 'Published' },
                { value: 'draft', label: 'Draft' },
                { value: 'hidden', label: 'Hidden' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="Publish at"
            name="publish_at"
            extra={
              status === 'published' ? 'Empty: now. A future time schedules it.' : 'Applies once published.'
            }
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap align="flex-start">
          <Form.Item
            label="Cover image"
            name="cover"
            style={{ flex: 1, minWidth: 280 }}
            extra="An uploaded image, an app path (/content/…) or an https URL."
          >
            <Input placeholder="/api/file/…" data-testid="editor-cover" />
          </Form.Item>
          <Form.Item label=" ">
            <UploadButton
              label="Upload cover"
              onUploaded={(url) => form.setFieldValue('cover', url)}
              testId="editor-cover-file"
            />
          </Form.Item>
          {cover ? <img src={cover} alt="" style={{ height: 64, borderRadius: 6, marginTop: 28 }} /> : null}
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            label="Link (banners)"
            name="link_url"
            style={{ flex: 1, minWidth: 280 }}
            extra="Where a banner tap goes: an app path or an https URL. Empty: the item's page."
          >
            <Input placeholder="/pages/mining/index" />
          </Form.Item>
          <Form.Item label="Sort (higher first)" name="sort">
            <InputNumber min={-10000} max={10000} precision={0} />
          </Form.Item>
          <Form.Item
            label="Popup notice"
            name="is_popup"
            valuePropName="checked"
            extra="The newest published popup shows once per user on Home."
          >
            <Switch data-testid="editor-popup" />
          </Form.Item>
        </Flex>
        <Tabs
          activeKey={activeLang}
          onChange={(k) => setActiveLang(k as Lang)}
          items={LANGS.map((lang) => ({
            key: lang,
            forceRender: true,
            label: (
              <span data-testid={`editor-tab-${lang}`}>
                {LANG_LABEL[lang]}
                {hasText(lang) ? ' ●' : ''}
              </span>
            ),
            children: <LanguageTab lang={lang} form={form} />,
          }))}
        />
      </Form>
    </Drawer>
  );
}
