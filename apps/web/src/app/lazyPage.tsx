/**
 * Route-level code splitting (docs/product/api.md): a lazily loaded page shows a loading view only
 * after 200 ms (or, when given, its own placeholder frame at once) and a retry view when its
 * chunk fails or has not arrived after 60 s.
 */
import { Button } from 'antd-mobile';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../ui/DelayedLoading';
import { CloudOffIcon } from '../ui/icons';
import { StateView } from '../ui/StateView';

export const CHUNK_LOADING_DELAY_MS = 200;
export const CHUNK_TIMEOUT_MS = 60_000;

class ChunkTimeoutError extends Error {
  constructor() {
    super('page chunk timed out');
    this.name = 'ChunkTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    promise.then(
      (v) => {
        clearTimeout(id);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(id);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function RetryView({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const slow = error instanceof ChunkTimeoutError;
  return (
    <StateView
      icon={<CloudOffIcon />}
      fullPage
      title={slow ? t('chunk.slowTitle') : t('chunk.failedTitle')}
      description={t('chunk.desc')}
      testId="page-retry"
    >
      <Button color="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </StateView>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

class PageBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    console.error('[page] failed to render', error);
  }

  override render() {
    const { error } = this.state;
    if (error) return <RetryView error={error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

export function lazyPage<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
  /** Shown at once while the chunk loads (a skeleton of the page); the delayed spinner otherwise. */
  placeholder?: ReactNode,
) {
  const make = () => lazy(() => withTimeout(factory(), CHUNK_TIMEOUT_MS));
  let Current = make();

  function LazyPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Current = make();
      setAttempt((n) => n + 1);
    };
    const Page = Current;
    return (
      <PageBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={placeholder ?? <DelayedLoading delay={CHUNK_LOADING_DELAY_MS} />}>
          <Page {...props} />
        </Suspense>
      </PageBoundary>
    );
  }
  return LazyPage;
}
