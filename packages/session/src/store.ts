/**
 * A tiny framework-free observable store. React reads it through `useSyncExternalStore`
 * (in @portal/providers), single-spa remotes and plain modules through `subscribe`.
 */
export interface Store<S> {
  getState(): S;
  /** Shallow-merges `partial` (or the result of `update(state)`) and notifies subscribers if anything changed. */
  setState(partial: Partial<S> | ((state: S) => Partial<S>)): void;
  /** Registers a listener; returns the function that removes it. */
  subscribe(listener: (state: S, previous: S) => void): () => void;
}

export function createStore<S extends object>(initialState: S): Store<S> {
  let state = initialState;
  const listeners = new Set<(state: S, previous: S) => void>();
  return {
    getState: () => state,
    setState(partial) {
      const patch = typeof partial === 'function' ? partial(state) : partial;
      const changed = (Object.keys(patch) as (keyof S)[]).some((key) => !Object.is(patch[key], state[key]));
      if (!changed) return;
      const previous = state;
      // A new object each time so useSyncExternalStore sees the change.
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The signed-in user as the permission-info call returns it (spec §3). */
export interface PortalUser {
  id: number | string;
  avatar?: string;
  nickname?: string;
  username?: string;
  orgName?: string;
  /** 0 platform user, 1 blocked, > 1 private-deployment organisation (spec §4). */
  orgId?: number | null;
  orgEnable?: boolean;
  /** An administrator of its organisation: manages the members from the personal centre. */
  orgAdmin?: boolean;
  email?: string;
  mobile?: string;
  /** Ability codes of the organisation; 1 = enterprise library. */
  businessScope?: number[];
  clientId?: string;
  roles?: string[];
  permissions?: string[];
}

/** WeChat scan-login state of spec §3; scan_type is `login` (default) or `band` (bind to this account). */
export interface WeChatState {
  code?: string;
  state?: string;
  redirect?: string;
  openId?: string;
  scan_type: 'login' | 'band';
}

export interface SessionState {
  user: PortalUser | null;
  permissions: string[];
  roles: string[];
  menuPermissions: string[];
  /** True once the permission info has been loaded for the current token. */
  isSetUser: boolean;
  weChat: WeChatState;
}

export function initialSessionState(): SessionState {
  return {
    user: null,
    permissions: [],
    roles: [],
    menuPermissions: [],
    isSetUser: false,
    weChat: { scan_type: 'login' },
  };
}

export const sessionStore: Store<SessionState> = createStore(initialSessionState());

/** Back to "not loaded" (spec §4: on reset, logout, or a failed permission fetch). The WeChat state survives. */
export function resetUser(): void {
  const { weChat } = sessionStore.getState();
  sessionStore.setState({ ...initialSessionState(), weChat });
}
