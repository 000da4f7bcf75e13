import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const COLORS = { none: 'default', pending: 'warning', approved: 'success', rejected: 'danger' } as const;

export function KycStatusTag({ status }: { status: 'none' | 'pending' | 'approved' | 'rejected' }) {
  const { t } = useTranslation();
  const labels = {
    none: t('identity.kycNone'),
    pending: t('identity.kycPending'),
    approved: t('identity.kycApproved'),
    rejected: t('identity.kycRejected'),
  };
  return (
    <Tag color={COLORS[status]} fill="outline" data-testid="kyc-status">
      {labels[status]}
    </Tag>
  );
}
