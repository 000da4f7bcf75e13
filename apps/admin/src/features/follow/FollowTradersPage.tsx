/**
 * Console: lead traders of copy trading — applications waiting for review first, then approved,
 * suspended and rejected traders — with their bio, review dates, copiers and the profit share they
 * earned. Admins approve (with the profit-share rate, at most 30 %), reject, suspend (all of the
 * trader's follows stop, open copies close, followers are told) and resume; the server audits each
 * decision. Status and page live in the URL.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Segmented,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { AdminTrader } from '@bourse/contract';
import { errorText } from '../../api/client';
import {
  followApi,
  followKeys,
  type FollowTradersQuery,
  type TraderReviewAction,
  type TraderReviewInput,
  type TraderStatus,
} from '../../api/follow';
import { hasRole, useOperator } from '../../app/auth';
import { formatDateTime } from '../../lib/format';
import { tablePagination, usePageParams } from '../../lib/usePageParams';
import { Amount } from '../../ui/Amount';
import { PageHeader } from '../../ui/PageHeader';
import { QueryError } from '../../ui/QueryError';
import { MAX_SHARE_RATE, formatShare, shareRateProblem } from './figures';
import './follow.css';

type Filter = TraderStatus | 'all';

/** Pending applications first: the default view is the review queue. */
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
const STATUS: Record<TraderStatus, { label: string; color: string }> = {
  pending: { label: 'pending', color: 'gold' },
  approved: { label: 'approved', color: 'green' },
  suspended: { label: 'suspended', color: 'volcano' },
  rejected: { label: 'rejected', color: 'default' },
};
/** The decisions each status allows (as the server allows them: a rejected applicant may still be approved). */
const ACTIONS: Record<TraderStatus, TraderReviewAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['suspend'],
  suspended: ['resume'],
  rejected: ['approve'],
};
const DONE: Record<TraderReviewAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  resume: 'resumed',
};
const ACTION_LABEL: Record<TraderReviewAction, string> = {
  approve: 'Approve…',
  reject: 'Reject…',
  suspend: 'Suspend…',
  resume: 'Resume…',
};
const REFRESH_MS = 10_000;

const traderName = (t: AdminTrader) => `${t.nickname || t.user_label} (#${t.trader_user_id})`;

function TraderCell({ t }: { t: AdminTrader }) {
  return (
    <Flex vertical>
      <Typography.Text strong ellipsis style={{ maxWidth: 170 }}>
        {t.nickname || '—'}
      </Typography.Text>
      {t.user_label !== t.nickname ? (
        <Typography.Text ellipsis style={{ maxWidth: 170 }}>
          {t.user_label}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" className="mono">
        #{t.trader_user_id}
      </Typography.Text>
    </Flex>
  );
}

function Bio({ bio }: { bio: string }) {
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>
      {bio}
    </Typography.Paragraph>
  );
}

/** The status, and the profit share once the trader was approved. */
function StatusCell({ t }: { t: AdminTrader }) {
  const shared = t.status === 'approved' || t.status === 'suspended';
  return (
    <Flex vertical align="flex-start" gap={2}>
      <Tag color={STATUS[t.status].color} style={{ marginInlineEnd: 0 }}>
        {STATUS[t.status].label}
      </Tag>
      {shared ? <span className="amount">{formatShare(t.share_rate)} share</span> : null}
    </Flex>
  );
}

function Dates({ t }: { t: AdminTrader }) {
  return (
    <Flex vertical className="mono follow-dates">
      <span title="Applied">{formatDateTime(t.applied_at)}</span>
      <span className="follow-muted" title="Reviewed">
        {t.reviewed_at ? formatDateTime(t.reviewed_at) : 'not reviewed'}
      </span>
    </Flex>
  );
}

/** Active follows; a link to the trader's copies once they could have any. */
function Copiers({ t }: { t: AdminTrader }) {
  return t.status === 'pending' ? (
    <span className="amount">{t.copiers}</span>
  ) : (
    <Link to={`/follow/copies?trader=${t.trader_user_id}`} title="Copy log of this trader">
      <span className="amount">{t.copiers}</span>
    </Link>
  );
}

/** Approve with the profit-share rate, typed as the fraction the server takes (0.1 = 10 %). */
function ApproveModal({
  trader,
  pending,
  onSubmit,
  onCancel,
}: {
  trader: AdminTrader | null;
  pending: boolean;
  onSubmit: (shareRate: string) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ share_rate: string }>();
  const typed = Form.useWatch('share_rate', form);
  const valid = shareRateProblem(typed) === null;
  return (
    <Modal
      title={trader ? `Approve ${traderName(trader)} as a lead trader` : ''}
      open={trader !== null}
      okText="Approve"
      okButtonProps={{ loading: pending, 'data-testid': 'follow-approve-ok' }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The trader is listed for copying once approved. The profit share is what their followers pay them out
        of each follow’s profit above its high-water mark.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ share_rate: '' }}
        onFinish={(v) => onSubmit(v.share_rate.trim())}
        disabled={pending}
      >
        <Form.Item
          label={`Profit share rate, as a fraction (at most ${MAX_SHARE_RATE} = ${formatShare(MAX_SHARE_RATE)})`}
          name="share_rate"
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const problem = shareRateProblem(v);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            placeholder="e.g. 0.1"
            autoFocus
            suffix={
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {valid && typed ? `= ${formatShare(typed)}` : ' '}
              </Typography.Text>
            }
            data-testid="follow-share-rate"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function FollowTradersPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const me = useOperator();
  const isAdmin = hasRole(me, ['admin']);
  const wide = Grid.useBreakpoint().md ?? true;
  const { page, limit, setPage, params, setParams } = usePageParams();
  const filter: Filter = FILTERS.find((f) => f.value === params.get('status'))?.value ?? 'pending';
  const q: FollowTradersQuery = { status: filter === 'all' ? undefined : filter, page, limit };
  const [approving, setApproving] = useState<AdminTrader | null>(null);
  const [lastError, setLastError] = useState<unknown>(null);

  const traders = useQuery({
    queryKey: followKeys.traders(q),
    queryFn: () => followApi.traders(q),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  // The number waiting for review, on the Pending filter whichever view is open.
  const pendingQ: FollowTradersQuery = { status: 'pending', page: 1, limit: 10 };
  const pending = useQuery({
    queryKey: followKeys.traders(pendingQ),
    queryFn: () => followApi.traders(pendingQ),
    refetchInterval: REFRESH_MS,
  });

  const review = useMutation({
    mutationFn: ({ t, input }: { t: AdminTrader; input: TraderReviewInput }) =>
      followApi.review(t.trader_user_id, input),
    onSuccess: async (saved, { input }) => {
      setApproving(null);
      setLastError(null);
      const rate = input.action === 'approve' ? ` with a ${formatShare(saved.share_rate)} profit share` : '';
      void message.success(`${traderName(saved)} ${DONE[input.action]}${rate}`);
      await qc.invalidateQueries({ queryKey: followKeys.all });
    },
    onError: (e) => {
      setLastError(e);
      void message.error(errorText(e));
    },
  });

  const decide = (t: AdminTrader, action: TraderReviewAction) => {
    if (action === 'approve') {
      setApproving(t);
      return;
    }
    const run = () => review.mutateAsync({ t, input: { action } }).catch(() => undefined);
    if (action === 'reject') {
      void modal.confirm({
        title: `Reject the application of ${traderName(t)}?`,
        content: 'The user does not become a lead trader. The decision is recorded in the audit log.',
        okText: 'Reject',
        okButtonProps: { danger: true },
        onOk: run,
      });
    } else if (action === 'suspend') {
      void modal.confirm({
        title: `Suspend ${traderName(t)}?`,
        content: (
          <>
            <Typography.Paragraph>
              The trader is taken off the list and nobody can start following them. Right away:
            </Typography.Paragraph>
            <ul className="follow-consequences">
              <li>
                all of their <b>{t.copiers}</b> active follow{t.copiers === 1 ? '' : 's'} stop;
              </li>
              <li>every open copied position closes at the current price and profit share is settled;</li>
              <li>each follower’s follow shows it stopped because the trader was suspended.</li>
            </ul>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              Resuming later does not restart the stopped follows. Recorded in the audit log.
            </Typography.Paragraph>
          </>
        ),
        okText: 'Suspend and stop all follows',
        okButtonProps: { danger: true },
        width: 520,
        onOk: run,
      });
    } else {
      void modal.confirm({
        title: `Resume ${traderName(t)}?`,
        content: `The trader is listed again with their ${formatShare(t.share_rate)} profit share and users can follow them. Recorded in the audit log.`,
        okText: 'Resume',
        onOk: run,
      });
    }
  };

  const actionsOf = (t: AdminTrader) => {
    const actions = ACTIONS[t.status];
    if (actions.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
    if (!isAdmin) return <Typography.Text type="secondary">admins only</Typography.Text>;
    const busy = review.isPending && review.variables?.t.trader_user_id === t.trader_user_id;
    return (
      <Flex gap={6} wrap>
        {actions.map((a) => (
          <Button
            key={a}
            size="small"
            type={a === 'approve' || a === 'resume' ? 'primary' : 'default'}
            danger={a === 'reject' || a === 'suspend'}
            loading={busy && review.variables?.input.action === a}
            disabled={review.isPending && !busy}
            onClick={() => decide(t, a)}
            data-testid={`follow-${a}-${t.trader_user_id}`}
          >
            {ACTION_LABEL[a]}
          </Button>
        ))}
      </Flex>
    );
  };

  const columns: TableColumnsType<AdminTrader> = [
    { title: 'Trader', key: 'trader', width: 170, render: (_, t) => <TraderCell t={t} /> },
    {
      title: 'Bio',
      dataIndex: 'bio',
      width: 230,
      render: (bio: string) => <Bio bio={bio} />,
    },
    {
      title: 'Status · share',
      key: 'status',
      width: 100,
      render: (_, t) => <StatusCell t={t} />,
    },
    {
      title: 'Applied / reviewed',
      key: 'dates',
      width: 150,
      render: (_, t) => <Dates t={t} />,
    },
    {
      title: 'Copiers',
      dataIndex: 'copiers',
      width: 70,
      align: 'right',
      render: (_, t) => <Copiers t={t} />,
    },
    {
      title: 'Share earned (USDT)',
      dataIndex: 'share_earned',
      width: 110,
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
    {
      title: isAdmin ? 'Decision' : 'Decision (admins)',
      key: 'actions',
      width: 160,
      render: (_, t) => actionsOf(t),
    },
  ];
  // Phones: one column, each trader as a compact block (the wide table would scroll sideways).
  const phoneColumns: TableColumnsType<AdminTrader> = [
    {
      title: 'Trader',
      key: 'card',
      render: (_, t) => (
        <Flex vertical gap={6}>
          <Flex justify="space-between" align="flex-start" gap={8}>
            <TraderCell t={t} />
            <StatusCell t={t} />
          </Flex>
          <Bio bio={t.bio} />
          <div className="follow-phone-grid">
            <span className="follow-muted">Applied</span>
            <span className="mono">{formatDateTime(t.applied_at)}</span>
            <span className="follow-muted">Reviewed</span>
            <span className="mono">{t.reviewed_at ? formatDateTime(t.reviewed_at) : 'not reviewed'}</span>
            <span className="follow-muted">Copiers</span>
            <Copiers t={t} />
            <span className="follow-muted">Share earned</span>
            <span>
              <Amount value={t.share_earned} /> <span className="follow-muted">USDT</span>
            </span>
          </div>
          {ACTIONS[t.status].length ? actionsOf(t) : null}
        </Flex>
      ),
    },
  ];
  const shown = wide ? columns : phoneColumns;
  const width = shown.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : 0), 0);
  const setFilter = (v: Filter) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('status', v);
      next.set('page', '1');
      return next;
    });
  const waiting = pending.data?.total ?? 0;
  const filterOptions = FILTERS.map((f) => ({
    value: f.value,
    label:
      f.value === 'pending' && waiting > 0 ? (
        <Flex align="center" gap={6} style={{ display: 'inline-flex' }}>
          {f.label}
          <Badge count={waiting} size="small" color="gold" />
        </Flex>
      ) : (
        f.label
      ),
  }));

  return (
    <>
      <PageHeader
        title="Lead traders"
        description="Users who applied to be copied, and the traders they became. Approving sets the profit share their followers pay; suspending stops every follow of the trader at once."
      />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        {wide ? (
          <Segmented<Filter>
            value={filter}
            onChange={setFilter}
            options={filterOptions}
            data-testid="follow-traders-status"
          />
        ) : (
          <Select<Filter>
            value={filter}
            onChange={setFilter}
            options={filterOptions}
            style={{ width: 200 }}
            data-testid="follow-traders-status"
          />
        )}
        {isAdmin ? null : (
          <Typography.Text type="secondary">
            Only an admin can approve, reject, suspend or resume.
          </Typography.Text>
        )}
      </Flex>
      {traders.isError ? (
        <QueryError error={traders.error} what="lead traders" onRetry={() => void traders.refetch()} />
      ) : null}
      {lastError ? (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setLastError(null) }}
          style={{ marginBottom: 12 }}
          title={`The decision was not saved: ${errorText(lastError)}`}
        />
      ) : null}
      <Table<AdminTrader>
        rowKey="trader_user_id"
        onRow={(t) => ({ 'data-testid': `follow-trader-${t.trader_user_id}` }) as object}
        size="small"
        scroll={width ? { x: width } : undefined}
        showHeader={wide}
        loading={traders.isPending || (traders.isFetching && traders.isPlaceholderData)}
        columns={shown}
        dataSource={traders.data?.list}
        pagination={tablePagination(page, limit, traders.data?.total, setPage)}
        locale={{
          emptyText: traders.isPending
            ? ' '
            : filter === 'pending'
              ? 'No applications waiting for review'
              : filter === 'all'
                ? 'No lead traders or applications yet'
                : `No ${filter} traders`,
        }}
        data-testid="follow-traders"
      />
      <ApproveModal
        trader={approving}
        pending={review.isPending}
        onCancel={() => setApproving(null)}
        onSubmit={(rate) =>
          approving && review.mutate({ t: approving, input: { action: 'approve', share_rate: rate } })
        }
      />
    </>
  );
}
