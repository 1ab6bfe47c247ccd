import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import RolesAdminPage from './roles-admin-page';
import UsersAdminPage from './users-admin-page';

const BASE = '/to/api/base/system/operation';
const ROLES = `${BASE}/roles`;
const PERMISSIONS = `${BASE}/permissions`;
const USERS = `${BASE}/users/page`;
const PERMISSION_INFO = '/to/api/base/system/auth/get-permission-info';

const testPage = servePageForTests('/operation/roles', { signedIn: true });
const created = 1_763_700_000_000;
const builtIn = [
  { id: 1, code: 'super_admin', name: '超级管理员', permissions: ['*:*:*'], userCount: 1, builtIn: true, createTime: created },
  { id: 2, code: 'member', name: '普通用户', permissions: ['portal:profile:query'], userCount: 5, builtIn: true, createTime: created },
  { id: 3, code: 'operator', name: '运营人员', permissions: ['system:user:query', 'system:org:update'], userCount: 1, builtIn: true, createTime: created },
];
const auditor = { id: 4, code: 'auditor', name: '审计员', permissions: ['system:audit-log:query'], userCount: 0, builtIn: false, createTime: created };
const catalogue = [
  { code: 'portal:profile:query', group: 'portal' },
  { code: 'system:user:query', group: 'operation' },
  { code: 'system:org:update', group: 'operation' },
  { code: 'system:audit-log:query', group: 'operation' },
  { code: 'system:role:query', group: 'operation' },
  { code: 'system:role:update', group: 'operation' },
  { code: 'component:search-index:rebuild', group: 'library' },
];

function renderPage(page = <RolesAdminPage />) {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>{page}</AntdApp>
    </AppProviders>,
  );
}

function requestsTo(path: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === path && (!method || request.method === method));
}

/** Serves the roles and the catalogue as the back end does, applying creations and deletions. */
function serveRoles() {
  const state = { roles: [...builtIn, { ...auditor }] };
  testPage.server.routes.set(ROLES, (request, response) => {
    if (request.method === 'POST') {
      const body = JSON.parse(request.body) as { code: string; name: string; permissions: string[] };
      if (state.roles.some((role) => role.code === body.code)) return sendJson(response, envelope(null, 1_002_026_001, '角色编码已存在'));
      state.roles = [...state.roles, { ...auditor, ...body, id: 9 }];
      return sendJson(response, envelope(9));
    }
    sendJson(response, envelope(state.roles));
  });
  testPage.server.routes.set(PERMISSIONS, (_request, response) => sendJson(response, envelope(catalogue)));
  testPage.server.routes.set(`${ROLES}/4`, (_request, response) => {
    state.roles = state.roles.filter((role) => role.id !== 4);
    sendJson(response, envelope(true));
  });
  return state;
}

describe('RolesAdminPage', () => {
  it('refuses users without the query permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:user:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists the roles with translated permissions; read-only without the update permission', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:role:query'] });
    serveRoles();
    renderPage();
    const operator = await screen.findByTestId('roles-row-operator', undefined, { timeout: 5000 });
    expect(operator).toHaveTextContent('运营人员');
    expect(operator).toHaveTextContent('内置');
    expect(operator).toHaveTextContent('用户管理：查看');
    expect(screen.getByTestId('roles-row-super_admin')).toHaveTextContent('全部权限');
    expect(screen.getByTestId('roles-row-auditor')).toHaveTextContent('操作审计：查看');
    expect(screen.queryByTestId('roles-create')).toBeNull();
    expect(screen.queryByTestId('role-edit-auditor')).toBeNull();
  });

  it('offers only the roles and permissions the operator holds; a taken code shows under the field', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:role:query', 'system:role:update', 'system:audit-log:query', 'system:user:query'] });
    serveRoles();
    renderPage();
    await screen.findByTestId('roles-row-auditor', undefined, { timeout: 5000 });
    // super_admin is never edited, the operator role holds a permission this manager lacks, built-in roles are not deleted.
    expect(screen.getByTestId('roles-row-super_admin')).toHaveTextContent('不可修改');
    expect(screen.getByTestId('roles-row-operator')).toHaveTextContent('含您没有的权限');
    expect(screen.queryByTestId('role-delete-member')).toBeNull();
    expect(screen.getByTestId('role-delete-auditor')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('roles-create'));
    const form = await screen.findByTestId('role-form');
    fireEvent.change(within(form).getByTestId('role-form-code'), { target: { value: 'Auditor' } });
    fireEvent.change(within(form).getByTestId('role-form-name'), { target: { value: ' 用户查看 ' } });
    fireEvent.click(screen.getByTestId('role-form-submit'));
    expect(await screen.findByText('角色编码为2～32位小写字母、数字、_ 或 -，以字母开头')).toBeInTheDocument();
    expect(requestsTo(ROLES, 'POST')).toHaveLength(0);

    const orgUpdate = await within(form).findByTestId('role-permission-system:org:update', undefined, { timeout: 5000 });
    expect(orgUpdate.closest('label')).toHaveClass('ant-checkbox-wrapper-disabled');
    fireEvent.click(within(form).getByText('用户管理：查看'));
    fireEvent.change(within(form).getByTestId('role-form-code'), { target: { value: 'auditor' } });
    fireEvent.click(screen.getByTestId('role-form-submit'));
    expect(await screen.findByText('角色编码已存在', undefined, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.change(within(form).getByTestId('role-form-code'), { target: { value: 'user-reader' } });
    fireEvent.click(screen.getByTestId('role-form-submit'));
    await waitFor(() => expect(requestsTo(ROLES, 'POST')).toHaveLength(2), { timeout: 5000 });
    expect(JSON.parse(requestsTo(ROLES, 'POST')[1].body)).toEqual({ code: 'user-reader', name: '用户查看', permissions: ['system:user:query'] });
    expect(await screen.findByText('角色已创建', undefined, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByTestId('roles-row-user-reader', undefined, { timeout: 5000 });

    // The deleted role was one of the operator's own: their permissions are read again, and the menu follows.
    testPage.server.routes.set(PERMISSION_INFO, (_request, response) =>
      sendJson(
        response,
        envelope({ permissions: ['system:role:query', 'system:role:update', 'system:user:query'], roles: ['role-manager'], user: null, menus: [] }),
      ),
    );
    const infoReads = requestsTo(PERMISSION_INFO).length;
    fireEvent.click(screen.getByTestId('role-delete-auditor'));
    fireEvent.click(await screen.findByTestId('role-delete-confirm-auditor'));
    await waitFor(() => expect(requestsTo(`${ROLES}/4`, 'DELETE')).toHaveLength(1), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('roles-row-auditor')).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(sessionStore.getState().permissions).not.toContain('system:audit-log:query'), { timeout: 5000 });
    expect(requestsTo(PERMISSION_INFO).length).toBe(infoReads + 1);
    expect(sessionStore.getState().roles).toEqual(['role-manager']);
  });

  it('sets an account’s roles from the users page, locking the roles the operator cannot give', { timeout: 20_000 }, async () => {
    sessionStore.setState({
      isSetUser: true,
      user: { id: 1 },
      permissions: ['system:user:query', 'system:role:update', 'system:audit-log:query', 'portal:profile:query'],
    });
    serveRoles();
    const zhang = {
      id: 7,
      username: 'zhang',
      nickname: '张工',
      email: 'zhang@example.com',
      mobile: null,
      orgId: 0,
      orgName: '平台',
      status: 0,
      roles: ['member'],
      createTime: created,
      sessionCount: 1,
    };
    const self = { ...zhang, id: 1, username: 'root', roles: ['super_admin'] };
    testPage.server.routes.set(USERS, (_request, response) => sendJson(response, envelope({ list: [zhang, self], total: 2 })));
    testPage.server.routes.set(`${BASE}/users/7/roles`, (request, response) => {
      zhang.roles = ['member', 'auditor'];
      sendJson(response, envelope(JSON.parse(request.body) !== null));
    });
    renderPage(<UsersAdminPage />);
    await screen.findByTestId('users-row-7', undefined, { timeout: 5000 });
    // Nobody sets their own roles.
    expect(screen.queryByTestId('user-roles-1')).toBeNull();
    // Without system:user:update only the roles action shows.
    expect(screen.queryByTestId('user-status-7')).toBeNull();
    fireEvent.click(screen.getByTestId('user-roles-7'));
    const form = await screen.findByTestId('user-roles-form');
    const operatorOption = await within(form).findByTestId('user-role-option-operator', undefined, { timeout: 5000 });
    expect(operatorOption.closest('label')).toHaveClass('ant-checkbox-wrapper-disabled');
    expect(within(form).getByTestId('user-role-option-member').closest('label')).toHaveClass('ant-checkbox-wrapper-checked');
    fireEvent.click(within(form).getByTestId('user-role-option-auditor'));
    fireEvent.click(screen.getByTestId('user-roles-submit'));
    await waitFor(() => expect(requestsTo(`${BASE}/users/7/roles`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(`${BASE}/users/7/roles`, 'PUT')[0].body)).toEqual({ roleIds: [2, 4] });
    expect(await screen.findByText('角色已更新', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
