import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import UsersAdminPage from './users-admin-page';

const PAGE = '/to/api/base/system/operation/users/page';
const STATUS = '/to/api/base/system/operation/users/7/status';
const REVOKE = '/to/api/base/system/operation/users/7/sessions/revoke';

const testPage = servePageForTests('/operation/users', { signedIn: true });
const user = {
  id: 7,
  username: 'zhang',
  nickname: '张工',
  email: 'zhang@example.com',
  mobile: null as string | null,
  orgId: 0,
  orgName: '平台',
  status: 0,
  roles: ['member'],
  createTime: 1_763_700_000_000,
  lastLoginTime: 1_763_800_000_000,
  sessionCount: 2,
};

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <UsersAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

/** Serves the page from `current` and applies status changes and resets to it, as the back end does. */
function serveUsers() {
  const state = { current: { ...user } };
  testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: [state.current], total: 1 })));
  testPage.server.routes.set(STATUS, (request, response) => {
    const body = JSON.parse(request.body) as { status: number };
    state.current = { ...state.current, status: body.status, sessionCount: body.status === 1 ? 0 : state.current.sessionCount };
    sendJson(response, envelope(true));
  });
  testPage.server.routes.set(REVOKE, (_request, response) => {
    const ended = state.current.sessionCount;
    state.current = { ...state.current, sessionCount: 0 };
    sendJson(response, envelope(ended));
  });
  return state;
}

describe('UsersAdminPage', () => {
  it('refuses users without the query permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['operation:feedback:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists users with server paging and filters by keyword and status', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:user:query'] });
    serveUsers();
    renderPage();
    const row = await screen.findByTestId('users-row-7', undefined, { timeout: 5000 });
    expect(row).toHaveTextContent('zhang');
    expect(row).toHaveTextContent('张工');
    expect(row).toHaveTextContent('普通用户');
    expect(row).toHaveTextContent('正常');
    expect(Object.fromEntries(new URL(testPage.server.requests[0].url, testPage.server.origin).searchParams)).toEqual({ pageNo: '1', pageSize: '10' });
    // Without the update permission there are no actions.
    expect(screen.queryByTestId('user-status-7')).toBeNull();
    fireEvent.change(screen.getByTestId('users-filter-keyword'), { target: { value: '  zhang@ ' } });
    fireEvent.click(screen.getByTestId('users-search'));
    await waitFor(() => expect(testPage.server.requests.length).toBeGreaterThan(1), { timeout: 5000 });
    const query = new URL(testPage.server.requests[testPage.server.requests.length - 1].url, testPage.server.origin).searchParams;
    expect(Object.fromEntries(query)).toEqual({ pageNo: '1', pageSize: '10', keyWords: 'zhang@' });
  });

  it('disables a user after the confirmation, then resets sessions', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:user:query', 'system:user:update'] });
    serveUsers();
    renderPage();
    fireEvent.click(await screen.findByTestId('user-status-7', undefined, { timeout: 5000 }));
    // Nothing is sent before the confirmation.
    expect(testPage.server.requests.some((request) => request.url.endsWith('/status'))).toBe(false);
    fireEvent.click(await screen.findByTestId('user-status-confirm-7'));
    await waitFor(() => expect(testPage.server.requests.some((request) => request.url.endsWith('/status'))).toBe(true), { timeout: 5000 });
    const change = testPage.server.requests.find((request) => request.url.endsWith('/status'))!;
    expect(change.method).toBe('PUT');
    expect(JSON.parse(change.body)).toEqual({ status: 1 });
    await waitFor(() => expect(screen.getByTestId('users-row-7')).toHaveTextContent('已禁用'), { timeout: 5000 });
    expect(screen.getByTestId('user-status-7')).toHaveTextContent('启用');

    fireEvent.click(screen.getByTestId('user-reset-7'));
    fireEvent.click(await screen.findByTestId('user-reset-confirm-7'));
    await waitFor(() => expect(testPage.server.requests.some((request) => request.url.endsWith('/sessions/revoke'))).toBe(true), { timeout: 5000 });
    expect(testPage.server.requests.find((request) => request.url.endsWith('/sessions/revoke'))!.method).toBe('POST');
  });

  it('shows the server refusal of a change', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    serveUsers();
    testPage.server.routes.set(STATUS, (_request, response) => sendJson(response, envelope(null, 1_002_024_000, '不能禁用自己的账号或结束自己的全部会话')));
    renderPage();
    fireEvent.click(await screen.findByTestId('user-status-7', undefined, { timeout: 5000 }));
    fireEvent.click(await screen.findByTestId('user-status-confirm-7'));
    expect(await screen.findByText('不能禁用自己的账号或结束自己的全部会话', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('users-row-7')).toHaveTextContent('正常');
  });
});
