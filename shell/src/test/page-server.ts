import { queryClient } from '@portal/providers';
import { resetHttpConfig, resetHttpState } from '@portal/http';
import { clearToken, initialSessionState, sessionStore, setToken } from '@portal/session';
import { setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { registerShellMessages } from '../i18n';

/**
 * Registers the hooks of a shell page test: one test server for the file, the page at `path` on it,
 * fresh routes, requests and query cache before each test, and the HTTP and session state reset
 * after it. With `signedIn`, each test starts with a session token.
 */
export function servePageForTests(path: string, { signedIn = false } = {}): { readonly server: TestServer } {
  let server: TestServer | undefined;
  const page = {
    get server(): TestServer {
      if (!server) throw new Error('the test server starts in beforeAll');
      return server;
    },
  };
  beforeAll(async () => {
    registerShellMessages();
    server = await startTestServer();
  });
  afterAll(async () => {
    setPageUrl('http://localhost:3000/');
    await server?.close();
  });
  beforeEach(() => {
    setPageUrl(`${page.server.origin}${path}`);
    page.server.requests.length = 0;
    page.server.routes.clear();
    queryClient.clear();
    if (signedIn) setToken({ accessToken: 'tok', refreshToken: 'ref' });
  });
  afterEach(() => {
    resetHttpState();
    resetHttpConfig();
    clearToken();
    sessionStore.setState(initialSessionState());
  });
  return page;
}
