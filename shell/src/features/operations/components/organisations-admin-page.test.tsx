import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { captureDownloads, csvLines } from '../../../test/downloads';
import { servePageForTests } from '../../../test/page-server';
import OrganisationsAdminPage from './organisations-admin-page';

const BASE = '/to/api/base/system/operation';
const PAGE = `${BASE}/orgs/page`;
const CREATE = `${BASE}/orgs`;
const UPDATE = `${BASE}/orgs/5`;
const MEMBERS = `${BASE}/orgs/5/members`;
const USERS = `${BASE}/users/page`;

const testPage = servePageForTests('/operation/organisations', { signedIn: true });
const org = { id: 5, name: '宁波紧固件有限公司', enabled: true, businessScope: [1], memberCount: 1, createTime: 1_763_700_000_000 };
const member = {
  id: 7,
  username: 'zhang',
  nickname: '张工',
  email: 'zhang@example.com',
  mobile: null as string | null,
  orgId: 5,
  orgName: org.name,
  status: 0,
  orgAdmin: false,
  roles: ['member'],
  createTime: 1_763_700_000_000,
  sessionCount: 1,
};

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <OrganisationsAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

function requestsTo(path: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === path && (!method || request.method === method));
}

/** Serves the organisation and its members as the back end does, applying changes. */
function serveOrgs() {
  const state = { org: { ...org }, members: [{ ...member }] };
  testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: [state.org], total: 1 })));
  testPage.server.routes.set(UPDATE, (request, response) => {
    state.org = { ...state.org, ...(JSON.parse(request.body) as Partial<typeof org>) };
    sendJson(response, envelope(true));
  });
  testPage.server.routes.set(USERS, (_request, response) => sendJson(response, envelope({ list: state.members, total: state.members.length })));
  return state;
}

describe('OrganisationsAdminPage', () => {
  it('refuses users without the query permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:user:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists organisations with their scope and members; read-only without the update permission', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:org:query'] });
    serveOrgs().members[0].orgAdmin = true;
    renderPage();
    const row = await screen.findByTestId('orgs-row-5', undefined, { timeout: 5000 });
    expect(row).toHaveTextContent('宁波紧固件有限公司');
    expect(row).toHaveTextContent('企业库');
    expect(row).toHaveTextContent('正常');
    expect(screen.queryByTestId('orgs-create')).toBeNull();
    expect(screen.queryByTestId('org-edit-5')).toBeNull();
    // The members are the user page of the organisation.
    fireEvent.click(screen.getByTestId('org-members-5'));
    const drawer = await screen.findByTestId('org-members-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('org-members-row-7')).toHaveTextContent('zhang@example.com'), { timeout: 5000 });
    expect(Object.fromEntries(new URL(requestsTo(USERS)[0].url, testPage.server.origin).searchParams)).toEqual({ pageNo: '1', pageSize: '10', orgId: '5' });
    expect(within(drawer).queryByTestId('org-member-add')).toBeNull();
    // Without the update permission the administrator is a tag, not a switch.
    expect(within(drawer).queryByTestId('org-member-admin-7')).toBeNull();
    expect(within(drawer).getByTestId('org-members-row-7')).toHaveTextContent('管理员');
  });

  it('creates an organisation with the enterprise library; a taken name shows under the field', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:org:query', 'system:org:update'] });
    serveOrgs();
    let answers = 0;
    testPage.server.routes.set(CREATE, (_request, response) =>
      sendJson(response, answers++ === 0 ? envelope(null, 1_002_025_001, '组织名称已存在') : envelope(9)),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('orgs-create', undefined, { timeout: 5000 }));
    // The name is required before anything is sent.
    fireEvent.click(await screen.findByTestId('org-form-submit'));
    expect(await screen.findByText('请输入组织名称')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('org-form-name'), { target: { value: '  甲公司 ' } });
    fireEvent.click(screen.getByLabelText('企业库'));
    fireEvent.click(screen.getByTestId('org-form-submit'));
    expect(await screen.findByText('组织名称已存在', undefined, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('org-form-submit'));
    await waitFor(() => expect(requestsTo(CREATE, 'POST')).toHaveLength(2), { timeout: 5000 });
    expect(JSON.parse(requestsTo(CREATE, 'POST')[1].body)).toEqual({ name: '甲公司', businessScope: [1] });
    expect(await screen.findByText('组织已创建', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('disables an organisation after the confirmation', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    serveOrgs();
    renderPage();
    fireEvent.click(await screen.findByTestId('org-status-5', undefined, { timeout: 5000 }));
    expect(requestsTo(UPDATE)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('org-status-confirm-5'));
    await waitFor(() => expect(requestsTo(UPDATE, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(UPDATE, 'PUT')[0].body)).toEqual({ enabled: false });
    await waitFor(() => expect(screen.getByTestId('orgs-row-5')).toHaveTextContent('已停用'), { timeout: 5000 });
    expect(screen.getByTestId('org-status-5')).toHaveTextContent('启用');
  });

  it('adds a member by account and removes one; a refusal shows under the account field', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    const state = serveOrgs();
    testPage.server.routes.set(MEMBERS, (request, response) => {
      const { account } = JSON.parse(request.body) as { account: string };
      if (account === 'li@example.com') return sendJson(response, envelope(null, 1_002_025_002, '该用户已属于其他组织，请先将其移出'));
      state.members = [...state.members, { ...member, id: 8, username: 'wang', email: account }];
      sendJson(response, envelope(8));
    });
    testPage.server.routes.set(`${MEMBERS}/7`, (_request, response) => {
      state.members = state.members.filter((user) => user.id !== 7);
      sendJson(response, envelope(true));
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('org-members-5', undefined, { timeout: 5000 }));
    const drawer = await screen.findByTestId('org-members-drawer');
    await within(drawer).findByTestId('org-members-row-7', undefined, { timeout: 5000 });

    fireEvent.change(within(drawer).getByTestId('org-member-account'), { target: { value: 'li@example.com' } });
    fireEvent.click(within(drawer).getByTestId('org-member-add'));
    expect(await within(drawer).findByText('该用户已属于其他组织，请先将其移出', undefined, { timeout: 5000 })).toBeInTheDocument();

    fireEvent.change(within(drawer).getByTestId('org-member-account'), { target: { value: ' wang@example.com ' } });
    fireEvent.click(within(drawer).getByTestId('org-member-add'));
    await within(drawer).findByTestId('org-members-row-8', undefined, { timeout: 5000 });
    expect(JSON.parse(requestsTo(MEMBERS, 'POST')[1].body)).toEqual({ account: 'wang@example.com' });

    fireEvent.click(within(drawer).getByTestId('org-member-remove-7'));
    fireEvent.click(await screen.findByTestId('org-member-remove-confirm-7'));
    await waitFor(() => expect(requestsTo(`${MEMBERS}/7`, 'DELETE')).toHaveLength(1), { timeout: 5000 });
    await waitFor(() => expect(within(drawer).queryByTestId('org-members-row-7')).toBeNull(), { timeout: 5000 });
  });

  it('names and drops an organisation administrator through the operators’ route; a refusal shows its message', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:org:query', 'system:org:update'] });
    const state = serveOrgs();
    let refuse = false;
    testPage.server.routes.set(`${MEMBERS}/7/admin`, (request, response) => {
      if (refuse) return sendJson(response, envelope(null, 1_002_025_003, '该用户不是本组织的成员'));
      const { orgAdmin } = JSON.parse(request.body) as { orgAdmin: boolean };
      state.members = state.members.map((user) => (user.id === 7 ? { ...user, orgAdmin } : user));
      sendJson(response, envelope(true));
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('org-members-5', undefined, { timeout: 5000 }));
    const drawer = await screen.findByTestId('org-members-drawer');
    const toggle = await within(drawer).findByTestId('org-member-admin-7', undefined, { timeout: 5000 });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle);
    await waitFor(() => expect(requestsTo(`${MEMBERS}/7/admin`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(`${MEMBERS}/7/admin`, 'PUT')[0].body)).toEqual({ orgAdmin: true });
    expect(await screen.findByText('已将 zhang 设为组织管理员', undefined, { timeout: 5000 })).toBeInTheDocument();
    // The drawer's list is read again and shows the change.
    await waitFor(() => expect(within(drawer).getByTestId('org-member-admin-7')).toHaveAttribute('aria-checked', 'true'), { timeout: 5000 });
    expect(requestsTo(USERS).length).toBeGreaterThanOrEqual(2);

    refuse = true;
    fireEvent.click(within(drawer).getByTestId('org-member-admin-7'));
    expect(await screen.findByText('该用户不是本组织的成员', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(JSON.parse(requestsTo(`${MEMBERS}/7/admin`, 'PUT')[1].body)).toEqual({ orgAdmin: false });
    expect(within(drawer).getByTestId('org-member-admin-7')).toHaveAttribute('aria-checked', 'true');
  });

  it('exports every organisation the filters find as CSV, not only the page shown', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:org:query'] });
    const orgs = Array.from({ length: 130 }, (_, index) => ({ ...org, id: index + 10, name: index === 0 ? '=HYPERLINK("x")' : `公司${index}` }));
    testPage.server.routes.set(PAGE, (request, response) => {
      const query = new URL(request.url, testPage.server.origin).searchParams;
      const pageNo = Number(query.get('pageNo'));
      const pageSize = Number(query.get('pageSize'));
      sendJson(response, envelope({ list: orgs.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: orgs.length }));
    });
    const { blobs, restore } = captureDownloads();
    renderPage();
    await screen.findByTestId('orgs-row-10', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('orgs-export'));
    expect(await screen.findByText('已导出 130 条', undefined, { timeout: 5000 })).toBeInTheDocument();
    const lines = await csvLines(blobs[0]);
    expect(lines).toHaveLength(131);
    expect(lines[0]).toBe('ID,组织名称,业务能力,成员数,状态,创建时间');
    expect(lines[1]).toMatch(/^10,"'=HYPERLINK\(""x""\)",企业库,1,正常,\d{4}-\d{2}-\d{2} /);
    expect(lines[130]).toMatch(/^139,公司129,/);
    expect(requestsTo(PAGE).map((request) => new URL(request.url, testPage.server.origin).searchParams.get('pageSize'))).toEqual(['10', '100', '100']);
    restore();
  });
});
