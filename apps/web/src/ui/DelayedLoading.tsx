/** A loading view that appears only after a delay (200 ms for route chunks), so fast loads never flash. */
import { SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';

export function DelayedLoading({ delay = 200 }: { delay?: number }) {
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const id = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(id);
  }, [delay]);
  if (!visible) return <div className="page-placeholder" aria-hidden="true" />;
  return (
    <div className="page-placeholder page-loading" role="status" data-testid="page-loading">
      <SpinLoading color="primary" style={{ '--size': '32px' }} />
    </div>
  );
}
