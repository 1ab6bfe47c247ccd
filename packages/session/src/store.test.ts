import { createStore, initialSessionState, resetUser, sessionStore } from './store';

afterEach(() => {
  sessionStore.setState(initialSessionState());
});

describe('createStore', () => {
  it('merges partial state and notifies with the new and previous state', () => {
    const store = createStore({ count: 0, name: 'a' });
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState({ count: 1 });
    expect(store.getState()).toEqual({ count: 1, name: 'a' });
    expect(listener).toHaveBeenCalledWith({ count: 1, name: 'a' }, { count: 0, name: 'a' });
  });

  it('accepts an updater function', () => {
    const store = createStore({ count: 2 });
    store.setState((state) => ({ count: state.count * 3 }));
    expect(store.getState().count).toBe(6);
  });

  it('does not notify or replace the state when nothing changed', () => {
    const store = createStore({ count: 0 });
    const before = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState({ count: 0 });
    expect(listener).not.toHaveBeenCalled();
    expect(store.getState()).toBe(before);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.setState({ count: 1 });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('sessionStore', () => {
  it('starts logged out with the login scan type', () => {
    expect(sessionStore.getState()).toEqual({
      user: null,
      permissions: [],
      roles: [],
      menuPermissions: [],
      isSetUser: false,
      weChat: { scan_type: 'login' },
    });
  });
});

describe('initialSessionState', () => {
  it('returns a fresh object each time', () => {
    const a = initialSessionState();
    a.permissions.push('x');
    expect(initialSessionState().permissions).toEqual([]);
  });
});

describe('resetUser', () => {
  it('clears the user but keeps the WeChat scan state', () => {
    sessionStore.setState({
      user: { id: 1, nickname: '张三' },
      permissions: ['a'],
      roles: ['r'],
      menuPermissions: ['m'],
      isSetUser: true,
      weChat: { scan_type: 'band', code: 'c' },
    });
    resetUser();
    expect(sessionStore.getState()).toEqual({ ...initialSessionState(), weChat: { scan_type: 'band', code: 'c' } });
  });
});
