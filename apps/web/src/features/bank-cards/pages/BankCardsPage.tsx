/** Bank cards: one domestic and one international card; saved numbers are shown masked only. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DomesticCard, InternationalCard } from '@bourse/contract';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import '../../auth/identity.css';

type Kind = 'domestic' | 'international';
type Card = DomesticCard | InternationalCard;

/** One field of a bound card (FIELDS names them per kind). */
function fieldOf(card: NonNullable<Card>, name: string): string | null {
  const value: unknown = (card as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

const FIELDS: Record<Kind, Array<{ name: string; label: 'realName' | 'bankName' | 'bankBranch' | 'cardNumber' | 'accountName' | 'swift' | 'iban' | 'bankAddress' | 'country'; required: boolean; masked?: boolean }>> = {
  domestic: [
    { name: 'real_name', label: 'realName', required: true },
    { name: 'bank_name', label: 'bankName', required: true },
    { name: 'bank_branch', label: 'bankBranch', required: false },
    { name: 'bank_account', label: 'cardNumber', required: true, masked: true },
  ],
  international: [
    { name: 'account_name', label: 'accountName', required: true },
    { name: 'bank_name', label: 'bankName', required: true },
    { name: 'swift', label: 'swift', required: true },
    { name: 'iban', label: 'iban', required: true, masked: true },
    { name: 'bank_address', label: 'bankAddress', required: false },
    { name: 'country', label: 'country', required: false },
  ],
};

function CardForm({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const path = kind === 'domestic' ? '/user/cash_info' : '/user/cash_info_international';
  const q = useQuery({ queryKey: ['identity', 'card', kind], queryFn: ({ signal }) => api.post<Card>(path, {}, { signal, loading: false }) });
  const card = q.data;

  const save = async (v: Record<string, string>) => {
    setBusy(true);
    try {
      await api.post(kind === 'domestic' ? '/user/cash_save' : '/user/cash_save_international', v);
      Toast.show({ icon: 'success', content: t('identity.saved') });
      setEditing(false);
      await qc.invalidateQueries({ queryKey: ['identity', 'card', kind] });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  if (card && !editing) {
    return (
      <div className="bank-card" data-testid={`card-${kind}`}>
        {FIELDS[kind].map((f) => (
          <div key={f.name} className="bank-row">
            <span>{t(`identity.${f.label}`)}</span>
            <strong className={f.masked ? 'num' : undefined}>{fieldOf(card, f.name) || '—'}</strong>
          </div>
        ))}
        <Button
          block
          fill="outline"
          onClick={() => {
            form.setFieldsValue(Object.fromEntries(FIELDS[kind].filter((f) => !f.masked).map((f) => [f.name, fieldOf(card, f.name) ?? ''])));
            setEditing(true);
          }}
        >
          {t('identity.edit')}
        </Button>
      </div>
    );
  }
  return (
    <Form
      form={form}
      layout="vertical"
      className="login-form card-form"
      onFinish={(v: Record<string, string>) => void save(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={busy} data-testid={`card-save-${kind}`}>
          {t('identity.save')}
        </Button>
      }
    >
      {FIELDS[kind].map((f) => (
        <Form.Item key={f.name} name={f.name} label={t(`identity.${f.label}`)} rules={f.required ? [{ required: true, whitespace: true, message: t('identity.fieldRequired') }] : []}>
          <Input maxLength={64} inputMode={f.name === 'bank_account' ? 'numeric' : undefined} data-testid={`card-${f.name}`} />
        </Form.Item>
      ))}
    </Form>
  );
}

export default function BankCardsPage() {
  const { t } = useTranslation();
  return (
    <div className="page identity-page" data-testid="page-bank-cards">
      <PageHeader title={t('identity.bankCards')} fallback={PATHS.settings} />
      <Tabs defaultActiveKey="domestic">
        <Tabs.Tab title={t('identity.cardDomestic')} key="domestic">
          <CardForm kind="domestic" />
        </Tabs.Tab>
        <Tabs.Tab title={t('identity.cardInternational')} key="international">
          <CardForm kind="international" />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
