/**
 * An error state with a retry button for a failed query. Given the query's `error`, it says what
 * went wrong in the user's language (the client's "network problem" / "too many requests" /
 * "service unavailable", or the server's message) instead of a generic hint.
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { CloudOffIcon } from './icons';
import { StateView } from './StateView';

export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : '';
}

export function QueryError({
  onRetry,
  compact = false,
  error,
  title,
  testId = 'query-error',
}: {
  onRetry: () => void;
  compact?: boolean;
  error?: unknown;
  title?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <StateView
      icon={<CloudOffIcon />}
      fullPage={!compact}
      title={title ?? t('common.loadFailed')}
      description={errorText(error) || t('common.loadFailedHint')}
      testId={testId}
    >
      <Button size="small" color="primary" fill="outline" onClick={onRetry} data-testid={`${testId}-retry`}>
        {t('common.retry')}
      </Button>
    </StateView>
  );
}
