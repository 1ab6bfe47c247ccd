import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { sessionStore } from '@portal/session';

export type SessionStore = typeof sessionStore;
export type SessionState = ReturnType<SessionStore['getState']>;

/**
 * The store every application reads. The default is the page-wide singleton from
 * @portal/session; the provider exists so a test or an embedded preview can hand in another.
 */
const SessionContext = createContext<SessionStore>(sessionStore);

export function SessionProvider({ store = sessionStore, children }: { store?: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

const selectWholeState = (state: SessionState) => state;

/**
 * The session (`{user, permissions, roles, isSetUser}`), re-rendering when it changes.
 * A selector narrows what the component listens to; it must return a value that is stable
 * while the state is unchanged (a field, not a freshly built object).
 */
export function useSession(): SessionState;
export function useSession<Selected>(selector: (state: SessionState) => Selected): Selected;
export function useSession<Selected>(selector?: (state: SessionState) => Selected): Selected | SessionState {
  const store = useContext(SessionContext);
  const select = selector ?? selectWholeState;
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}
