import type { ReactNode } from 'react';
import { useRemoteComponent } from '../use-remote-component';
import { RemoteErrorBoundary } from './remote-error-boundary';

interface RemoteSlotProps {
  /** Exposed module id, e.g. `mfe_auth/AuthEntry`. */
  id: string;
  /** What shows while the module loads and when it cannot load or crashes. */
  fallback?: ReactNode;
}

/** Renders a component a remote exposes inside the shell's own tree (providers included). */
export function RemoteSlot({ id, fallback = null }: RemoteSlotProps) {
  const state = useRemoteComponent<Record<string, never>>(id);
  if (state.status !== 'ready') return <>{fallback}</>;
  const { Component } = state;
  return (
    <RemoteErrorBoundary source={id} fallback={fallback}>
      <Component />
    </RemoteErrorBoundary>
  );
}
