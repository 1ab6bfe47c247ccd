import { render, waitFor, act } from '@testing-library/react';
import { resetHttpState } from '@portal/http';
import { AppProviders, queryClient } from '@portal/providers';
import { COOKIE_KEYS, getToken, isSessionExpired, resetUser, sessionStore, setToken, writeCookie } from '@portal/session';
import { clearAllCookies, envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { registerAuthMessages } from '../../../i18n';
import { SessionWatcher } from './session-watcher';
import type * as SessionModule from '@portal/session';

// The real check, watched: a test waits for the watcher's decision instead of a while for nothing.
vi.mock('@portal/session', async (importOriginal) => {
  const actual = await importOriginal<typeof SessionModule>();
  return { ...actual, isSessionExpired: vi.fn(actual.isSessionExpired) };
});

registerAuthMessages();

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  setPageUrl(`${server.origin}/`);
});
afterAll(() => server.close());
beforeEach(() => {
  vi.mocked(isSessionExpired).mockClear();
  clearAllCookies();
  resetHttpState();
  queryClient.clear();
  server.requests.length = 0;
  server.routes.clear();
  server.routes.set('/to/api/base/system/dict-data/list-all-simple', (_request, response) =>
    sendJson(response, envelope([{ label: 'token_expire_time', value: '30' }])),
  );
  server.routes.set('/to/api/base/system/auth/logout', (_request, response) => sendJson(response, envelope(true)));
});
afterEach(() => act(() => resetUser()));

function signIn(lastActivityMinutesAgo: number) {
  setToken({ accessToken: 'acc', refreshToken: 'ref' });
  writeCookie(COOKIE_KEYS.lastActivity, String(Date.now() - lastActivityMinutesAgo * 60_000), { expiresDays: 1 });
  act(() => sessionStore.setState({ user: { id: 1, nickname: '张工' }, isSetUser: true }));
}

describe('SessionWatcher', () => {
  it('logs out once token_expire_time minutes passed without activity', async () => {
    signIn(31);
    render(
      <AppProviders withRouter={false}>
        <SessionWatcher />
      </AppProviders>,
    );
    await waitFor(() => expect(sessionStore.getState().user).toBeNull());
    expect(getToken()).toBeUndefined();
    expect(server.requests.some((request) => request.url.startsWith('/to/api/base/system/auth/logout'))).toBe(true);
  });

  it('keeps a session whose last activity is recent', async () => {
    signIn(5);
    render(
      <AppProviders withRouter={false}>
        <SessionWatcher />
      </AppProviders>,
    );
    // The watcher checked the stamp against the configured 30 minutes and found it fresh.
    await waitFor(() => expect(isSessionExpired).toHaveBeenCalledWith(30));
    expect(vi.mocked(isSessionExpired).mock.results.every((result) => result.value === false)).toBe(true);
    expect(server.requests.some((request) => request.url.startsWith('/to/api/base/system/auth/logout'))).toBe(false);
    expect(sessionStore.getState().user).not.toBeNull();
    expect(getToken()).toBe('acc');
  });
});
