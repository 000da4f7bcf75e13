import { Typography } from 'antd';
import { prettyJson } from '../lib/format';

export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  const empty = value === null || value === undefined;
  return (
    <div style={{ minWidth: 0, flex: 1 }}>
      <Typography.Text type="secondary" strong style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </Typography.Text>
      {empty ? (
        <Typography.Text type="secondary" italic>
          (none)
        </Typography.Text>
      ) : (
        <pre className="json-block">{prettyJson(value)}</pre>
      )}
    </div>
  );
}
