/** A loading view that appears only after a delay (200 ms for route chunks), so fast loads never flash. */
import { lazy, Suspense, useEffect, useState } from 'react';

// The spinner (react-spring) loads when a loading view first shows, not with the first screen.
const SpinLoading = lazy(() => import('antd-mobile/es/components/spin-loading'));

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
      <Suspense fallback={null}>
        <SpinLoading color="primary" style={{ '--size': '32px' }} />
      </Suspense>
    </div>
  );
}
