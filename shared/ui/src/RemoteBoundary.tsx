import { Component, Suspense, lazy, useCallback, useState } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export type RemoteModule<P> = { default: ComponentType<P> };

interface ErrorBoundaryProps {
  fallback: (retry: () => void) => ReactNode;
  onReset: () => void;
  children: ReactNode;
}

class LoadErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('remote failed', error, info.componentStack);
  }

  private readonly retry = (): void => {
    this.props.onReset();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}

function Unavailable({ name, onRetry }: { name: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <MessageBar intent="warning" role="alert" data-testid={`remote-unavailable-${name}`}>
      <MessageBarBody>{t('remote.unavailable')}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={onRetry}>
          {t('remote.retry')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

function Loading() {
  const { t } = useTranslation('common');
  return <Spinner label={t('remote.loading')} />;
}

export interface RemoteBoundaryProps<P> {
  /** Remote name, for test ids and logs. */
  name: string;
  /** Loads the remote module; called again on every Retry. */
  load: () => Promise<RemoteModule<P>>;
  /** Props for the remote's root component. */
  componentProps: P;
  /** Runs before a retry re-attempts the load (e.g. re-registering the remote). */
  onRetry?: () => void;
}

/**
 * Suspense + error boundary around one lazily loaded remote: a remote that fails to load shows a
 * "module unavailable" message with Retry, and nothing else on the page breaks.
 */
export function RemoteBoundary<P extends object>({ name, load, componentProps, onRetry }: RemoteBoundaryProps<P>) {
  // React.lazy remembers a rejection forever, so every retry needs a fresh lazy component.
  const [Remote, setRemote] = useState(() => lazy(load) as unknown as ComponentType<P>);
  const reset = useCallback(() => {
    onRetry?.();
    setRemote(() => lazy(load) as unknown as ComponentType<P>);
  }, [load, onRetry]);
  return (
    <LoadErrorBoundary onReset={reset} fallback={(retry) => <Unavailable name={name} onRetry={retry} />}>
      <Suspense fallback={<Loading />}>
        <Remote {...componentProps} />
      </Suspense>
    </LoadErrorBoundary>
  );
}
