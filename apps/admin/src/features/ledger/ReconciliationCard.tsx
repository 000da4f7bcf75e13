import { Button, Card, Flex, List, Statistic, Tag, Tooltip, Typography } from 'antd';
import type { Reconciliation, ReconciliationViolation } from '@bourse/contract';
import { formatDateTime, timeAgo } from '../../lib/format';

export type LedgerStatus = 'balanced' | 'unbalanced' | 'unknown';

interface Props {
  status: LedgerStatus;
  reconciliation: Reconciliation | undefined;
  violations: readonly ReconciliationViolation[];
  checking: boolean;
  onRecheck: () => void;
}

const LOOK: Record<LedgerStatus, { title: string; color: string; background: string; border: string; mark: string }> = {
  balanced: { title: 'Books balance', color: '#237804', background: '#f6ffed', border: '#95de64', mark: '✓' },
  unbalanced: { title: 'Out of balance', color: '#a8071a', background: '#fff1f0', border: '#ff7875', mark: '!' },
  unknown: { title: 'Balance not checked yet', color: '#595959', background: '#fafafa', border: '#d9d9d9', mark: '?' },
};

function summaryLine(status: LedgerStatus, violations: number): string {
  if (status === 'balanced') {
    return 'Every journal entry sums to zero per currency, every balance equals its postings, and no balance is negative where it must not be.';
  }
  if (status === 'unbalanced') {
    return `${violations} ${violations === 1 ? 'violation' : 'violations'} found. Stop money movements and investigate before anything else.`;
  }
  return 'The reconciliation result has not arrived.';
}

/** The reconciliation verdict: the first thing an operator sees. */
export function ReconciliationCard({ status, reconciliation, violations, checking, onRecheck }: Props) {
  const look = LOOK[status];
  return (
    <Card
      data-testid="ledger-status"
      data-status={status}
      style={{ background: look.background, borderColor: look.border, borderLeftWidth: 6, marginBottom: 24 }}
      styles={{ body: { padding: 24 } }}
    >
      <Flex justify="space-between" align="center" gap={24} wrap>
        <Flex align="center" gap={16} style={{ minWidth: 320, flex: 1 }}>
          <div
            aria-hidden
            style={{
              width: 56,
              height: 56,
              flex: 'none',
              borderRadius: '50%',
              background: look.color,
              color: '#fff',
              fontSize: 30,
              fontWeight: 700,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {look.mark}
          </div>
          <div>
            <Typography.Title level={2} style={{ margin: 0, color: look.color }}>
              {look.title}
            </Typography.Title>
            <Typography.Text type="secondary">{summaryLine(status, violations.length)}</Typography.Text>
          </div>
        </Flex>

        <Flex align="center" gap={32} wrap>
          <Statistic title="Entries" value={reconciliation?.entries ?? '—'} groupSeparator="," />
          <Statistic title="Postings" value={reconciliation?.postings ?? '—'} groupSeparator="," />
          <Statistic title="Accounts" value={reconciliation?.accounts ?? '—'} groupSeparator="," />
          <Flex vertical align="flex-end" gap={8}>
            <Tooltip title={reconciliation ? `Server time ${reconciliation.checked_at}` : undefined}>
              <Typography.Text type="secondary" data-testid="ledger-checked-at">
                Checked {reconciliation ? formatDateTime(reconciliation.checked_at) : '—'}
                {reconciliation ? ` (${timeAgo(reconciliation.checked_at)})` : ''}
              </Typography.Text>
            </Tooltip>
            <Button type="primary" onClick={onRecheck} loading={checking} data-testid="ledger-recheck">
              Re-check
            </Button>
          </Flex>
        </Flex>
      </Flex>

      {violations.length > 0 ? (
        <List
          size="small"
          bordered
          style={{ marginTop: 20, background: '#fff', maxHeight: 320, overflow: 'auto' }}
          dataSource={violations}
          data-testid="ledger-violations"
          renderItem={(v, index) => (
            <List.Item key={`${v.kind}-${index}`}>
              <Flex gap={12} align="baseline">
                <Tag color="red" className="mono">
                  {v.kind}
                </Tag>
                <Typography.Text>{v.detail}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
