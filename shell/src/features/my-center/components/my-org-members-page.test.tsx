import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '@portal/providers';
import { sessionStore, type PortalUser } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import MyOrgMembersPage from './my-org-members-page';

const BASE = '/to/api/base/system/org/members';
const PAGE = `${BASE}/page`;
const UNREAD = '/to/api/operation/behavior/message/my-unread-count';
const PERMISSION_INFO = '/to/api/base/system/auth/get-permission-info';
const INVITATIONS = '/to/api/base/system/org/invitations';

const testPage = servePageForTests('/user/org-members', { signedIn: true });
const admin: PortalUser = { id: 7, username: 'zhang', orgId: 5, orgName: '宁波紧固件有限公司', orgEnable: true, orgAdmin: true };
const members = [
  {
    id: 7,
    username: 'zhang',
    nickname: '张工',
    email: 'zhang@example.com',
    mobile: null,
    orgAdmin: true,
    mayPublish: true,
    createTime: 1_763_700_000_000,
    lastLoginTime: 1_763_800_000_000,
  },
  { id: 8, username: 'wang', nickname: '', email: null, mobile: '13800000000', orgAdmin: false, mayPublish: true, createTime: 1_763_700_000_000 },
];

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderPage(user: PortalUser) {
  sessionStore.setState({ isSetUser: true, user });
  window.history.replaceState(null, '', '/user/org-members');
  render(
    <AppProviders>
      <AntdApp>
        <Routes>
          <Route path="/user/org-members" element={<MyOrgMembersPage />} />
          <Route path="/user" element={<Where />} />
        </Routes>
      </AntdApp>
    </AppProviders>,
  );
}

function requestsTo(path: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === path && (!method || request.method === method));
}

const invitation = {
  id: 31,
  orgId: 5,
  orgName: '宁波紧固件有限公司',
  userId: 12,
  username: 'zhao',
  nickname: '赵工',
  inviterName: '张工',
  createTime: 1_763_900_000_000,
  expireTime: 1_764_504_800_000,
};

/** Serves the organisation's members and pending invitations as the back end does, applying changes. */
function serveMembers() {
  const state = { members: members.map((member) => ({ ...member })), invitations: [] as (typeof invitation)[] };
  testPage.server.routes.set(UNREAD, (_request, response) => sendJson(response, envelope(0)));
  testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: state.members, total: state.members.length })));
  testPage.server.routes.set(INVITATIONS, (_request, response) => sendJson(response, envelope(state.invitations)));
  return state;
}

describe('MyOrgMembersPage', () => {
  it('lists the organisation’s members under its name, with the menu entry; searches by keyword', { timeout: 20_000 }, async () => {
    serveMembers();
    renderPage(admin);
    const page = await screen.findByTestId('my-org-members-page');
    expect(page).toHaveTextContent('宁波紧固件有限公司');
    const own = await screen.findByTestId('my-org-member-7', undefined, { timeout: 5000 });
    expect(own).toHaveTextContent('zhang@example.com');
    expect(own).toHaveTextContent('本人');
    expect(within(own).getByTestId('my-org-member-admin-7')).toBeChecked();
    const other = screen.getByTestId('my-org-member-8');
    expect(other).toHaveTextContent('13800000000');
    expect(other).toHaveTextContent('从未登录');
    // The caller cannot remove themselves; the others can be.
    expect(within(own).queryByTestId('my-org-member-remove-7')).toBeNull();
    expect(within(other).getByTestId('my-org-member-remove-8')).toBeInTheDocument();
    expect(screen.getByTestId('my-nav-org-members')).toHaveTextContent('组织成员');
    expect(Object.fromEntries(new URL(requestsTo(PAGE)[0].url, testPage.server.origin).searchParams)).toEqual({ pageNo: '1', pageSize: '10' });

    const keyword = screen.getByPlaceholderText('用户名、昵称、邮箱或手机号');
    fireEvent.change(keyword, { target: { value: ' wang ' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(requestsTo(PAGE)).toHaveLength(2), { timeout: 5000 });
    expect(Object.fromEntries(new URL(requestsTo(PAGE)[1].url, testPage.server.origin).searchParams)).toEqual({
      pageNo: '1',
      pageSize: '10',
      keyWords: 'wang',
    });
  });

  it('removes a member after the confirmation', { timeout: 20_000 }, async () => {
    const state = serveMembers();
    testPage.server.routes.set(`${BASE}/8`, (_request, response) => {
      state.members = state.members.filter((member) => member.id !== 8);
      sendJson(response, envelope(true));
    });
    renderPage(admin);
    fireEvent.click(await screen.findByTestId('my-org-member-remove-8', undefined, { timeout: 5000 }));
    expect(await screen.findByText('确定将 wang 移出本组织吗？移出后其成为平台用户。')).toBeInTheDocument();
    expect(requestsTo(`${BASE}/8`)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('my-org-member-remove-confirm-8'));
    await waitFor(() => expect(requestsTo(`${BASE}/8`, 'DELETE')).toHaveLength(1), { timeout: 5000 });
    expect(await screen.findByText('已将 wang 移出组织', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('my-org-member-8')).toBeNull(), { timeout: 5000 });
  });

  it('names an administrator; the server’s refusal to drop the last one shows in its words', { timeout: 20_000 }, async () => {
    const state = serveMembers();
    testPage.server.routes.set(`${BASE}/8/admin`, (request, response) => {
      const { orgAdmin } = JSON.parse(request.body) as { orgAdmin: boolean };
      state.members = state.members.map((member) => (member.id === 8 ? { ...member, orgAdmin } : member));
      sendJson(response, envelope(true));
    });
    testPage.server.routes.set(`${BASE}/7/admin`, (_request, response) => sendJson(response, envelope(null, 1_002_025_005, '组织至少需要保留一位管理员')));
    renderPage(admin);
    const toggle = await screen.findByTestId('my-org-member-admin-8', undefined, { timeout: 5000 });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle);
    await waitFor(() => expect(requestsTo(`${BASE}/8/admin`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(`${BASE}/8/admin`, 'PUT')[0].body)).toEqual({ orgAdmin: true });
    expect(await screen.findByText('已将 wang 设为管理员', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('my-org-member-admin-8')).toHaveAttribute('aria-checked', 'true'), { timeout: 5000 });

    // The caller's own switch is offered too; the server decides.
    fireEvent.click(screen.getByTestId('my-org-member-admin-7'));
    await waitFor(() => expect(requestsTo(`${BASE}/7/admin`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(`${BASE}/7/admin`, 'PUT')[0].body)).toEqual({ orgAdmin: false });
    expect(await screen.findByText('组织至少需要保留一位管理员', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('my-org-member-admin-7')).toHaveAttribute('aria-checked', 'true');
    // A refused change leaves the caller's own user as it was.
    expect(requestsTo(PERMISSION_INFO)).toHaveLength(0);
  });

  it('takes a member’s right to publish and gives it back; the caller’s own change reads its permissions again', { timeout: 20_000 }, async () => {
    const state = serveMembers();
    for (const id of [7, 8]) {
      testPage.server.routes.set(`${BASE}/${id}/publish`, (request, response) => {
        const { mayPublish } = JSON.parse(request.body) as { mayPublish: boolean };
        state.members = state.members.map((member) => (member.id === id ? { ...member, mayPublish } : member));
        sendJson(response, envelope(true));
      });
    }
    renderPage(admin);
    const toggle = await screen.findByTestId('my-org-member-publish-8', undefined, { timeout: 5000 });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(toggle);
    await waitFor(() => expect(requestsTo(`${BASE}/8/publish`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(`${BASE}/8/publish`, 'PUT')[0].body)).toEqual({ mayPublish: false });
    expect(await screen.findByText('wang 不能再向企业库发布条目', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('my-org-member-publish-8')).toHaveAttribute('aria-checked', 'false'), { timeout: 5000 });
    expect(requestsTo(PERMISSION_INFO)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('my-org-member-publish-8'));
    expect(await screen.findByText('wang 可以向企业库发布条目了', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('my-org-member-publish-8')).toHaveAttribute('aria-checked', 'true'), { timeout: 5000 });

    // The caller's own: the session's permissions are read again.
    fireEvent.click(screen.getByTestId('my-org-member-publish-7'));
    await waitFor(() => expect(requestsTo(`${BASE}/7/publish`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    await waitFor(() => expect(requestsTo(PERMISSION_INFO).length).toBeGreaterThan(0), { timeout: 5000 });
  });

  it('invites an account by its trimmed name; the server’s refusal shows under the field', { timeout: 20_000 }, async () => {
    const state = serveMembers();
    testPage.server.routes.set(INVITATIONS, (request, response) => {
      if (request.method !== 'POST') return sendJson(response, envelope(state.invitations));
      const { account } = JSON.parse(request.body) as { account: string };
      if (account === 'wang') return sendJson(response, envelope(null, 1_002_025_006, '该用户已是本组织成员'));
      state.invitations = [{ ...invitation, username: account }];
      sendJson(response, envelope(invitation.id));
    });
    renderPage(admin);
    expect(await screen.findByTestId('my-org-members-page')).toHaveTextContent('对方接受后成为成员，邀请 7 天内有效');
    await screen.findByTestId('my-org-member-8', undefined, { timeout: 5000 });
    expect(screen.queryByTestId('my-org-invitations')).toBeNull();

    fireEvent.click(screen.getByTestId('my-org-invite'));
    const account = await screen.findByTestId('my-org-invite-account');
    fireEvent.change(account, { target: { value: ' wang ' } });
    fireEvent.click(screen.getByTestId('my-org-invite-submit'));
    expect(await screen.findByText('该用户已是本组织成员', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(JSON.parse(requestsTo(INVITATIONS, 'POST')[0].body)).toEqual({ account: 'wang' });
    // Refused, the dialog stays open for another try.
    expect(screen.getByTestId('my-org-invite-account')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('my-org-invite-account'), { target: { value: '  zhao ' } });
    fireEvent.click(screen.getByTestId('my-org-invite-submit'));
    await waitFor(() => expect(requestsTo(INVITATIONS, 'POST')).toHaveLength(2), { timeout: 5000 });
    expect(JSON.parse(requestsTo(INVITATIONS, 'POST')[1].body)).toEqual({ account: 'zhao' });
    expect(await screen.findByText('已邀请 zhao', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('my-org-invite-account')).toBeNull(), { timeout: 5000 });
    // The new invitation joins the pending list.
    expect(await screen.findByTestId('my-org-invitation-31', undefined, { timeout: 5000 })).toHaveTextContent('zhao');
  });

  it('lists the pending invitations and withdraws one after the confirmation', { timeout: 20_000 }, async () => {
    const state = serveMembers();
    state.invitations = [invitation];
    testPage.server.routes.set(`${INVITATIONS}/31`, (_request, response) => {
      state.invitations = [];
      sendJson(response, envelope(true));
    });
    renderPage(admin);
    const section = await screen.findByTestId('my-org-invitations', undefined, { timeout: 5000 });
    expect(section).toHaveTextContent('待接受的邀请');
    const row = within(section).getByTestId('my-org-invitation-31');
    expect(row).toHaveTextContent('zhao');
    expect(row).toHaveTextContent('赵工');
    expect(row).toHaveTextContent('张工');
    expect(row).toHaveTextContent(new Date(invitation.createTime).toLocaleString());
    expect(row).toHaveTextContent(new Date(invitation.expireTime).toLocaleDateString());

    fireEvent.click(within(row).getByTestId('my-org-invitation-withdraw-31'));
    expect(await screen.findByText('确定撤销对 zhao 的邀请吗？')).toBeInTheDocument();
    expect(requestsTo(`${INVITATIONS}/31`)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('my-org-invitation-withdraw-confirm-31'));
    await waitFor(() => expect(requestsTo(`${INVITATIONS}/31`, 'DELETE')).toHaveLength(1), { timeout: 5000 });
    expect(await screen.findByText('已撤销对 zhao 的邀请', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('my-org-invitations')).toBeNull(), { timeout: 5000 });
  });

  it('shows other users a 403 card with the way back and no menu entry, without asking the server', { timeout: 20_000 }, async () => {
    serveMembers();
    renderPage({ ...admin, orgAdmin: false });
    expect(await screen.findByTestId('my-org-members-forbidden')).toHaveTextContent('只有组织管理员可以管理组织成员');
    expect(screen.getByTestId('my-nav-files')).toBeInTheDocument();
    expect(screen.queryByTestId('my-nav-org-members')).toBeNull();
    expect(requestsTo(PAGE)).toHaveLength(0);
    expect(requestsTo(INVITATIONS)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('my-org-members-back'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/user');
  });

  it('shows the 403 card when the server no longer counts the caller as an administrator', { timeout: 20_000 }, async () => {
    serveMembers();
    testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope(null, 403, '没有该操作权限')));
    renderPage(admin);
    expect(await screen.findByTestId('my-org-members-forbidden', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user/org-members');
  });
});
