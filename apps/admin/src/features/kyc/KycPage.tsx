import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Input, Modal, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { KycQueueRow } from '@bourse/contract';
import { errorText } from '../../api/client';
import { identityApi, identityKeys } from '../../api/identity';
import { formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { UploadImage } from './UploadImage';

const STATUS = { 1: { label: 'Pending', color: 'gold' }, 2: { label: 'Approved', color: 'green' }, 3: { label: 'Rejected', color: 'red' } } as const;
const KYC_REFRESH_MS = 5000;
const ID_TYPES: Record<string, string> = { id_card: 'ID card', passport: 'Passport', driver_license: 'Driving licence', other: 'Other' };

export default function KycPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { query, page, limit, setPage, params, setParams } = usePageParams();
  const status = Number(params.get('status') ?? '1') as 1 | 2 | 3;
  const [rejecting, setRejecting] = useState<KycQueueRow | null>(null);
  const [reason, setReason] = useState('');
  // New submissions arrive while the page is open: the queue reloads on its own (every 5 s, and on
  // returning to the tab), and right after each decision.
  const list = useQuery({
    queryKey: identityKeys.kyc({ ...query, status }),
    queryFn: () => identityApi.kyc({ ...query, status }),
    placeholderData: keepPreviousData,
    refetchInterval: KYC_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

  const done = async (text: string) => {
    void message.success(text);
    await qc.invalidateQueries({ queryKey: ['identity', 'kyc'] });
  };
  const approve = useMutation({ mutationFn: (id: number) => identityApi.approveKyc(id), onSuccess: () => done('Approved'), onError: (e) => void message.error(errorText(e)) });
  const reject = useMutation({
    mutationFn: ({ id, why }: { id: number; why: string }) => identityApi.rejectKyc(id, why),
    onSuccess: async () => {
      setRejecting(null);
      setReason('');
      await done('Rejected');
    },
    onError: (e) => void message.error(errorText(e)),
  });

  const columns: TableColumnsType<KycQueueRow> = [
    { title: 'ID', dataIndex: 'id', width: 70, render: (id: number) => <span className="mono">#{id}</span> },
    {
      title: 'User',
      key: 'user',
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.email ?? r.mobile ?? r.nickname}</span>
          <Typography.Text type="secondary">UID {r.user_id}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Details',
      key: 'details',
      render: (_: unknown, r) =>
        r.real_type === 1 ? (
          <Descriptions size="small" column={1} items={[
            { key: 't', label: 'Type', children: ID_TYPES[r.id_type ?? ''] ?? r.id_type },
            { key: 'n', label: 'Name', children: r.name },
            { key: 'c', label: 'Number', children: <span className="mono">{r.card_id}</span> },
          ]} />
        ) : (
          <Tag>Photos only</Tag>
        ),
    },
    {
      title: 'Photos',
      key: 'photos',
      render: (_: unknown, r) => (
        <Flex gap={8} wrap>
          <UploadImage src={r.front_pic} alt="front" width={150} />
          <UploadImage src={r.reverse_pic} alt="back" width={150} />
        </Flex>
      ),
    },
    { title: 'Submitted', dataIndex: 'created_at', width: 170, render: (at: string) => formatDateTime(at) },
    {
      title: status === 1 ? 'Decision' : 'Result',
      key: 'actions',
      width: 200,
      render: (_: unknown, r) =>
        r.status === 1 ? (
          <Space>
            <Button type="primary" size="small" loading={approve.isPending && approve.variables === r.id} onClick={() => approve.mutate(r.id)} data-testid={`kyc-approve-${r.id}`}>
              Approve
            </Button>
            <Button danger size="small" onClick={() => setRejecting(r)} data-testid={`kyc-reject-${r.id}`}>
              Reject
            </Button>
          </Space>
        ) : (
          <Space direction="vertical" size={0}>
            <Tag color={STATUS[r.status as 2 | 3].color}>{STATUS[r.status as 2 | 3].label}</Tag>
            {r.reason ? <Typography.Text type="secondary">{r.reason}</Typography.Text> : null}
            <Typography.Text type="secondary">{formatDateTime(r.reviewed_at)}</Typography.Text>
          </Space>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Real-name review"
        description="Identity submissions with their photos. Rejections need a reason, which the user sees."
        extra={
          <Segmented
            value={status}
            options={[1, 2, 3].map((s) => ({ value: s, label: STATUS[s as 1 | 2 | 3].label }))}
            onChange={(v) =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                next.set('status', String(v));
                next.set('page', '1');
                return next;
              })
            }
          />
        }
      />
      {list.isError ? <QueryError what="submissions" error={list.error} onRetry={() => list.refetch()} /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<KycQueueRow>
          data-testid="kyc-table"
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items}
          // The spinner for a first load or a page change, not for the background refresh.
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          pagination={tablePagination(page, limit, list.data?.total, setPage)}
          locale={{ emptyText: list.isPending ? ' ' : status === 1 ? 'Nothing waiting for review' : 'No submissions' }}
        />
      </Card>
      <Modal
        title={`Reject submission #${rejecting?.id ?? ''}`}
        open={rejecting !== null}
        okText="Reject"
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2, loading: reject.isPending }}
        onOk={() => rejecting && reject.mutate({ id: rejecting.id, why: reason.trim() })}
        onCancel={() => setRejecting(null)}
      >
        <Typography.Paragraph type="secondary">The user sees this reason and may submit again.</Typography.Paragraph>
        <Input.TextArea rows={3} maxLength={200} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. The photo is blurred" data-testid="kyc-reason" />
      </Modal>
    </>
  );
}
