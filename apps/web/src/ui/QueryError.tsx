/** An error state with a retry button for a failed query. */
import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export function QueryError({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      status="disconnected"
      fullPage={!compact}
      title={t('common.loadFailed')}
      description={t('common.loadFailedHint')}
      className={compact ? 'error-compact' : undefined}
    >
      <Button size="small" color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
  );
}
