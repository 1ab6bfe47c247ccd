import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders, queryClient } from '@portal/providers';
import { resetHttpConfig, resetHttpState } from '@portal/http';
import { clearToken, initialSessionState, sessionStore, setToken } from '@portal/session';
import { envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { registerShellMessages } from '../../../i18n';
import FeedbackAdminPage from './feedback-admin-page';

// antd's Table measures itself; jsdom has no ResizeObserver.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

let server: TestServer;
const record = {
  id: 7,
  type: 3,
  message: '支架尺寸不对',
  mobile: '',
  email: 'a@example.com',
  orgName: '',
  images: [{ id: '11', url: '/to/api/base/file/content/get/11' }],
  userId: 2,
  userName: '张工',
  userMobile: '',
  userEmail: 'a@example.com',
  channel: '960',
  status: 0,
  reply: '',
  createTime: 1_763_700_000_000,
};

beforeAll(async () => {
  registerShellMessages();
  server = await startTestServer();
});
afterAll(async () => {
  setPageUrl('http://localhost:3000/');
  await server.close();
});
beforeEach(() => {
  setPageUrl(`${server.origin}/operation/feedback`);
  server.requests.length = 0;
  server.routes.clear();
  queryClient.clear();
  setToken({ accessToken: 'tok', refreshToken: 'ref' });
});
afterEach(() => {
  resetHttpState();
  resetHttpConfig();
  clearToken();
  sessionStore.setState(initialSessionState());
});

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <FeedbackAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

describe('FeedbackAdminPage', () => {
  it('refuses users without the operator permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['portal:profile:update'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('lists open feedback, shows one with its images and closes it with a remark', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['operation:feedback:query', 'operation:feedback:update'] });
    let current = { ...record };
    server.routes.set('/to/api/operation/behavior/message/page', (_request, response) => sendJson(response, envelope({ list: [current], total: 1 })));
    server.routes.set('/to/api/operation/behavior/message/get', (_request, response) => sendJson(response, envelope(current)));
    server.routes.set('/to/api/operation/behavior/message/close', (request, response) => {
      const body = JSON.parse(request.body) as { id: number; reply: string };
      current = { ...current, status: 1, reply: body.reply };
      sendJson(response, envelope(true));
    });
    renderPage();
    const view = await screen.findByTestId('feedback-view-7', undefined, { timeout: 5000 });
    const page = new URL(server.requests[0].url, server.origin).searchParams;
    expect(Object.fromEntries(page)).toEqual({ pageNo: '1', pageSize: '10', status: '0' });
    fireEvent.click(view);
    const drawer = await screen.findByTestId('feedback-detail');
    expect(await within(drawer).findByTestId('feedback-detail-message', undefined, { timeout: 5000 })).toHaveTextContent('支架尺寸不对');
    expect(within(drawer).getByTestId('feedback-detail-images').querySelectorAll('img')).toHaveLength(1);
    fireEvent.change(within(drawer).getByTestId('feedback-reply'), { target: { value: '已处理' } });
    fireEvent.click(within(drawer).getByTestId('feedback-close'));
    await waitFor(() => expect(within(drawer).getByTestId('feedback-detail-reply')).toHaveTextContent('已处理'), { timeout: 5000 });
    const close = server.requests.find((request) => request.url.endsWith('/close'));
    expect(JSON.parse(close!.body)).toEqual({ id: 7, reply: '已处理' });
  });

  it('shows the error with a retry when the list fails', async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    server.routes.set('/to/api/operation/behavior/message/page', (_request, response) => sendJson(response, envelope(null, 403, '没有该操作权限')));
    renderPage();
    expect(await screen.findByTestId('feedback-error', undefined, { timeout: 5000 })).toHaveTextContent('没有该操作权限');
  });
});
