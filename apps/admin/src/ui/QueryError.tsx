import { Alert, Button } from 'antd';
import { errorText } from '../api/client';

/** A failed load, with its reason and a retry button. */
export function QueryError({ error, onRetry, what }: { error: unknown; onRetry: () => unknown; what: string }) {
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={`Could not load ${what}`}
      description={errorText(error)}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          Retry
        </Button>
      }
    />
  );
}
