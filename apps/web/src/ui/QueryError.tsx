/** An error state with a retry button for a failed query. */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CloudOffIcon } from './icons';
import { StateView } from './StateView';

export function QueryError({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <StateView
      icon={<CloudOffIcon />}
      fullPage={!compact}
      title={t('common.loadFailed')}
      description={t('common.loadFailedHint')}
      testId="query-error"
    >
      <Button size="small" color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </StateView>
  );
}
