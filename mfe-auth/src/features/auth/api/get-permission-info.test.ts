import { resetHttpState } from '@portal/http';
import { getToken, resetUser, sessionStore, setToken } from '@portal/session';
import { clearAllCookies, envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { BlockedUserError, loadSignedInUser } from './get-permission-info';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  setPageUrl(`${server.origin}/`);
});
afterAll(() => server.close());
beforeEach(() => {
  clearAllCookies();
  resetHttpState();
  resetUser();
  server.requests.length = 0;
  server.routes.clear();
  server.routes.set('/to/api/base/system/auth/logout', (_request, response) => sendJson(response, envelope(true)));
  setToken({ accessToken: 'acc', refreshToken: 'ref' });
});

function answerUser(user: Record<string, unknown>) {
  server.routes.set('/to/api/base/system/auth/get-permission-info', (_request, response) =>
    sendJson(response, envelope({ user, roles: ['user'], permissions: ['part:model:download'], menus: [] })),
  );
}

describe('loadSignedInUser', () => {
  it('loads the user, roles and permissions into the session store (loaded state)', async () => {
    answerUser({ id: 7, nickname: '张工', orgId: 0 });
    await loadSignedInUser();
    expect(sessionStore.getState()).toMatchObject({ isSetUser: true, user: { id: 7 }, roles: ['user'], permissions: ['part:model:download'] });
    expect(server.requests[0].url).toBe('/to/api/base/system/auth/get-permission-info?appType=2');
  });

  it.each([
    ['orgId 1', { id: 8, orgId: 1 }],
    ['a disabled organisation', { id: 9, orgId: 12, orgEnable: false }],
  ])('signs a blocked user (%s) out again, server session included', async (_case, user) => {
    answerUser(user);
    await expect(loadSignedInUser()).rejects.toBeInstanceOf(BlockedUserError);
    await expect(loadSignedInUser()).rejects.toThrow('暂无权限，请联系管理员');
    expect(getToken()).toBeUndefined();
    expect(sessionStore.getState()).toMatchObject({ isSetUser: false, user: null });
    expect(server.requests.some((request) => request.url.startsWith('/to/api/base/system/auth/logout'))).toBe(true);
  });

  it('clears the token and resets the user when the fetch fails', async () => {
    server.routes.set('/to/api/base/system/auth/get-permission-info', (_request, response) => sendJson(response, envelope(null, 500, '系统异常')));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loadSignedInUser()).rejects.toThrow('系统异常');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(getToken()).toBeUndefined();
    expect(sessionStore.getState().isSetUser).toBe(false);
  });
});
