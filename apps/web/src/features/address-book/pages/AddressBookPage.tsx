/** Withdrawal address book: list with approval status, add, delete. */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Form, Input, InfiniteScroll, Popup, Selector, SwipeAction, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookAddressPage } from '@bourse/contract';
import { api } from '../../../api/client';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { StateView } from '../../../ui/StateView';
import { WalletIcon } from '../../../ui/icons';
import '../../auth/identity.css';

const NETWORKS = ['USDT-ERC20', 'USDT-TRC20', 'ETH', 'BTC'];
const PAGE = 10;

export default function AddressBookPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [network, setNetwork] = useState(NETWORKS[0]!);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ name: string; address: string }>();
  const q = useInfiniteQuery({
    queryKey: ['identity', 'addresses'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.get<BookAddressPage>('/user/wallet/list', { page: pageParam, limit: PAGE }, { signal, loading: false }),
    getNextPageParam: (last) => (last.page * PAGE < last.total ? last.page + 1 : undefined),
  });
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  const status = (s: number) =>
    s === 1 ? <Tag color="success" fill="outline">{t('identity.addrApproved')}</Tag> : s === 0 ? <Tag color="warning" fill="outline">{t('identity.addrPending')}</Tag> : <Tag color="danger" fill="outline">{t('identity.addrRejected')}</Tag>;

  const save = async (v: { name: string; address: string }) => {
    setBusy(true);
    try {
      await api.post('/user/wallet/save', { currency: network, name: v.name.trim(), address: v.address.trim() });
      Toast.show({ icon: 'success', content: t('identity.saved') });
      setAdding(false);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['identity', 'addresses'] });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    const ok = await Dialog.confirm({ content: t('identity.addrDeleteConfirm'), confirmText: t('identity.delete'), cancelText: t('identity.keepAddress') });
    if (!ok) return;
    await api.post('/user/wallet/delete', { id });
    await qc.invalidateQueries({ queryKey: ['identity', 'addresses'] });
  };

  return (
    <div className="page identity-page" data-testid="page-addresses">
      <PageHeader
        title={t('identity.addressBook')}
        fallback={PATHS.settings}
        right={
          <button type="button" className="header-action" onClick={() => setAdding(true)} data-testid="address-add">
            {t('identity.add')}
          </button>
        }
      />
      {q.isError ? (
        <QueryError onRetry={() => void q.refetch()} />
      ) : q.isSuccess && items.length === 0 ? (
        <StateView icon={<WalletIcon />} title={t('identity.addrEmpty')} description={t('identity.addrEmptyHint')}>
          <Button color="primary" size="small" onClick={() => setAdding(true)}>
            {t('identity.addAddress')}
          </Button>
        </StateView>
      ) : (
        <div className="card-list">
          {items.map((a) => (
            <SwipeAction key={a.id} rightActions={[{ key: 'del', text: t('identity.delete'), color: 'danger', onClick: () => void remove(a.id) }]}>
              <div className="address-card" data-testid="address-item">
                <div className="address-head">
                  <strong>{a.name}</strong>
                  <span className="address-net">{a.currency}</span>
                  {status(a.approve_status)}
                </div>
                <div className="address-text num">{a.address}</div>
              </div>
            </SwipeAction>
          ))}
          <InfiniteScroll loadMore={async () => void (await q.fetchNextPage())} hasMore={Boolean(q.hasNextPage)}>
            {q.hasNextPage ? t('common.loading') : items.length > 0 ? t('identity.noMore') : ''}
          </InfiniteScroll>
        </div>
      )}
      <Popup visible={adding} onMaskClick={() => setAdding(false)} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        <div className="popup-form">
          <h3>{t('identity.addAddress')}</h3>
          <Selector columns={2} options={NETWORKS.map((n) => ({ label: n, value: n }))} value={[network]} onChange={(v) => v[0] && setNetwork(v[0])} />
          <Form
            form={form}
            layout="vertical"
            onFinish={(v: { name: string; address: string }) => void save(v)}
            footer={
              <Button block type="submit" color="primary" loading={busy} data-testid="address-save">
                {t('identity.save')}
              </Button>
            }
          >
            <Form.Item name="name" label={t('identity.addrLabel')} rules={[{ required: true, whitespace: true, message: t('identity.addrLabelRequired') }]}>
              <Input maxLength={40} placeholder={t('identity.addrLabelPlaceholder')} data-testid="address-name" />
            </Form.Item>
            <Form.Item name="address" label={t('identity.address')} rules={[{ required: true, whitespace: true, message: t('identity.addressRequired') }]}>
              <Input maxLength={128} placeholder={t('identity.addressPlaceholder')} data-testid="address-value" />
            </Form.Item>
          </Form>
        </div>
      </Popup>
    </div>
  );
}
