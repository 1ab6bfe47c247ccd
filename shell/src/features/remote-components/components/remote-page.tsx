import { Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareRemoteRetry } from '../../../app/federation/federation';
import { RemoteFallback } from '../../library-outlet';
import { useRemoteComponent } from '../use-remote-component';
import { RemoteErrorBoundary } from './remote-error-boundary';

/**
 * A whole page a remote exposes (mfe-auth's LoginPage, PersonalCenter, …) rendered in the shell's tree.
 * While the remote is missing or broken the page shows the same fallback with retry as a library.
 */
export function RemotePage({ id }: { id: string }) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const state = useRemoteComponent<Record<string, never>>(id, attempt);
  const retry = async () => {
    await prepareRemoteRetry(id.split('/')[0] ?? id);
    setAttempt((value) => value + 1);
  };
  if (state.status === 'loading') {
    return (
      <div className="remote-page-loading" data-testid="remote-page-loading">
        <Spin description={t('remote.loading')} size="large">
          <div className="library-outlet-loading-box" />
        </Spin>
      </div>
    );
  }
  const fallback = <RemoteFallback reason={state.status === 'error' ? state.reason : t('remote.crashed')} onRetry={retry} />;
  if (state.status === 'error') return <div data-remote-page={id}>{fallback}</div>;
  const { Component } = state;
  return (
    <div data-remote-page={id}>
      <RemoteErrorBoundary key={attempt} source={id} fallback={fallback}>
        <Component />
      </RemoteErrorBoundary>
    </div>
  );
}
