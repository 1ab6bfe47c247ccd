import { useSyncExternalStore } from 'react';

/**
 * Per-remote load state, written by the federation loaders and read by the outlets that show a
 * spinner, the remote's UI or its fallback.
 */
export type RemoteState = { status: 'idle' } | { status: 'loading' } | { status: 'mounted' } | { status: 'error'; phase: 'load' | 'mount'; reason: string };

const IDLE: RemoteState = { status: 'idle' };
let states: Readonly<Record<string, RemoteState>> = {};
const listeners = new Set<() => void>();

export function getRemoteState(name: string): RemoteState {
  return states[name] ?? IDLE;
}

export function setRemoteState(name: string, state: RemoteState): void {
  states = { ...states, [name]: state };
  for (const listener of listeners) listener();
}

export function subscribeRemoteStates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRemoteState(name: string): RemoteState {
  return useSyncExternalStore(
    subscribeRemoteStates,
    () => getRemoteState(name),
    () => getRemoteState(name),
  );
}

/** A readable one-line reason for any thrown value (federation errors carry long multi-line texts). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? text;
  // Federation runtime errors name the manifest they failed on in a JSON "args" line: keep the URL.
  const manifestUrl = /"manifestUrl":"([^"]+)"/.exec(text)?.[1];
  const reason = manifestUrl && !firstLine.includes(manifestUrl) ? `${firstLine} (${manifestUrl})` : firstLine;
  return reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
}
