import { useEffect, useState, type ComponentType } from 'react';
import { loadRemoteModule } from '../../app/federation/federation';
import { describeError } from '../../app/federation/remote-status';

export type RemoteComponentState<P> = { status: 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'error'; reason: string };

/**
 * Loads a React component a remote exposes (`mfe_auth/AuthEntry`) and re-renders once it is there.
 * A plain hook instead of React.lazy: Suspense's reveal throttling adds ~300 ms in React 19.
 * A new `attempt` number loads again (after a failure the federation runtime has dropped its cache).
 */
export function useRemoteComponent<P>(id: string, attempt = 0): RemoteComponentState<P> {
  const [state, setState] = useState<RemoteComponentState<P>>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemoteModule<{ default?: ComponentType<P> }>(id)
      .then((module) => {
        if (cancelled) return;
        if (typeof module.default !== 'function' && typeof module.default !== 'object') {
          throw new Error(`${id} has no default export component`);
        }
        setState({ status: 'ready', Component: module.default });
      })
      .catch((error: unknown) => {
        console.error(`[shell] ${id} could not be loaded:`, error);
        if (!cancelled) setState({ status: 'error', reason: describeError(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [id, attempt]);
  return state;
}
