import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import { AUDIT_ACTIONS, LIBRARY_AUDIT_ACTIONS, auditActionsOf } from '../api/users-admin';
import AuditLogAdminPage from './audit-log-admin-page';

const PAGE = '/to/api/base/system/operation/audit-log/page';
const COMPONENT_PAGE = '/to/api/operation/component/audit-log/page';
const OPERATORS = '/to/api/base/system/operation/audit-log/operators';

const testPage = servePageForTests('/operation/audit-log', { signedIn: true });
const entry = {
  id: 3,
  operatorId: 2,
  operatorUsername: 'ops@example.com',
  operatorNickname: '',
  action: 'user.disable',
  targetType: 'user',
  targetId: '7',
  before: { status: 0 },
  after: { status: 1, revokedSessions: 2, revokedPersonalTokens: 0 },
  clientIp: '127.0.0.1',
  createTime: 1_763_700_000_000,
};

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <AuditLogAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

describe('AuditLogAdminPage', () => {
  it('refuses users without the audit-log permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:user:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists entries and expands one to its before and after', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:audit-log:query'] });
    testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: [entry], total: 1 })));
    renderPage();
    const row = await screen.findByTestId('audit-log-row-3', undefined, { timeout: 5000 });
    expect(row).toHaveTextContent('ops@example.com');
    expect(row).toHaveTextContent('禁用用户');
    expect(row).toHaveTextContent('用户 #7');
    expect(row).toHaveTextContent('127.0.0.1');
    expect(screen.queryByTestId('audit-log-diff-3')).toBeNull();
    fireEvent.click(row.querySelector('.ant-table-row-expand-icon')!);
    const before = await screen.findByTestId('audit-log-before-3');
    expect(JSON.parse(before.textContent ?? '')).toEqual({ status: 0 });
    expect(JSON.parse(screen.getByTestId('audit-log-after-3').textContent ?? '')).toEqual(entry.after);
  });

  it('sends the keyword filter and pages on the server', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: [entry], total: 25 })));
    renderPage();
    await screen.findByTestId('audit-log-row-3', undefined, { timeout: 5000 });
    expect(Object.fromEntries(new URL(testPage.server.requests[0].url, testPage.server.origin).searchParams)).toEqual({ pageNo: '1', pageSize: '10' });
    fireEvent.change(screen.getByTestId('audit-log-filter-keyword'), { target: { value: ' ops ' } });
    fireEvent.click(screen.getByTestId('audit-log-search'));
    await waitFor(() => expect(testPage.server.requests.length).toBeGreaterThan(1), { timeout: 5000 });
    expect(Object.fromEntries(new URL(testPage.server.requests[testPage.server.requests.length - 1].url, testPage.server.origin).searchParams)).toEqual({
      pageNo: '1',
      pageSize: '10',
      keyWords: 'ops',
    });
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(
      () => expect(new URL(testPage.server.requests[testPage.server.requests.length - 1].url, testPage.server.origin).searchParams.get('pageNo')).toBe('2'),
      {
        timeout: 5000,
      },
    );
  });

  const review = {
    id: 41,
    library: 'component',
    operatorId: 5,
    action: 'enterprise-item.review',
    targetType: 'enterprise-item',
    targetId: '12',
    before: { state: 'pending' },
    after: { state: 'rejected', remark: '缺少材质', orgId: 3, code: 'BRK-1' },
    clientIp: '10.0.0.9',
    createTime: 1_763_700_000_000,
  };

  async function chooseComponentLog() {
    renderPage();
    await screen.findByTestId('audit-log-row-3', undefined, { timeout: 5000 });
    fireEvent.mouseDown(screen.getByTestId('audit-log-filter-source').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('元器件库'));
    return screen.findByTestId('audit-log-row-41', undefined, { timeout: 5000 });
  }

  it('reads a library service’s own log when its source is chosen, naming its operators', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:audit-log:query'] });
    testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: [entry], total: 1 })));
    testPage.server.routes.set(COMPONENT_PAGE, (_request, response) => sendJson(response, envelope({ list: [review], total: 1 })));
    testPage.server.routes.set(OPERATORS, (_request, response) => sendJson(response, envelope([{ id: 5, username: 'ops-wang', nickname: '王工' }])));
    const row = await chooseComponentLog();
    expect(row).toHaveTextContent('ops-wang');
    expect(row).toHaveTextContent('审核企业条目');
    expect(row).toHaveTextContent('企业条目 #12');
    const requested = testPage.server.requests.map((request) => new URL(request.url, testPage.server.origin));
    const pageRequest = requested.find((url) => url.pathname === COMPONENT_PAGE)!;
    expect(Object.fromEntries(pageRequest.searchParams)).toEqual({ pageNo: '1', pageSize: '10' });
    expect(requested.find((url) => url.pathname === OPERATORS)!.searchParams.get('ids')).toBe('5');
    // The library's actions only.
    fireEvent.mouseDown(screen.getByTestId('audit-log-filter-action').querySelector('input')!);
    expect(await screen.findByTitle('审核企业条目')).toBeInTheDocument();
    expect(screen.queryByTitle('禁用用户')).toBeNull();
  });

  it('shows the operator’s id when the names cannot be read', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:audit-log:query'] });
    testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: [entry], total: 1 })));
    testPage.server.routes.set(COMPONENT_PAGE, (_request, response) => sendJson(response, envelope({ list: [review], total: 1 })));
    testPage.server.routes.set(OPERATORS, (_request, response) => sendJson(response, envelope(null, 403, '没有该操作权限')));
    const row = await chooseComponentLog();
    expect(row).toHaveTextContent('#5');
  });

  it('merges every source’s log by time under 全部来源, each row naming its source', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:audit-log:query'] });
    const older = { ...entry, id: 41, createTime: review.createTime - 60_000 };
    testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: [older], total: 1 })));
    testPage.server.routes.set(COMPONENT_PAGE, (_request, response) => sendJson(response, envelope({ list: [review], total: 1 })));
    for (const library of ['part', 'mat']) {
      testPage.server.routes.set(`/to/api/operation/${library}/audit-log/page`, (_request, response) => sendJson(response, envelope({ list: [], total: 0 })));
    }
    testPage.server.routes.set(OPERATORS, (_request, response) => sendJson(response, envelope([{ id: 5, username: 'ops-wang', nickname: '王工' }])));
    renderPage();
    await screen.findByTestId('audit-log-row-41', undefined, { timeout: 5000 });
    fireEvent.mouseDown(screen.getByTestId('audit-log-filter-source').querySelector('input')!);
    fireEvent.click(await screen.findByTitle('全部来源'));
    // The same id in two logs: two rows, the newer (the component library's review) first.
    const review41 = await screen.findByTestId('audit-log-row-component-41', undefined, { timeout: 5000 });
    const system41 = screen.getByTestId('audit-log-row-system-41');
    expect(review41).toHaveTextContent('元器件库');
    expect(review41).toHaveTextContent('ops-wang');
    expect(system41).toHaveTextContent('系统服务');
    expect(system41).toHaveTextContent('ops@example.com');
    expect(review41.compareDocumentPosition(system41) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    // Every log was read in the chunks the merge reads, with the filters.
    const requested = testPage.server.requests.map((request) => new URL(request.url, testPage.server.origin));
    for (const library of ['part', 'component', 'mat']) {
      const chunk = requested.filter((url) => url.pathname === `/to/api/operation/${library}/audit-log/page`).at(-1)!;
      expect(Object.fromEntries(chunk.searchParams)).toEqual({ pageNo: '1', pageSize: '100' });
    }
    // Both logs' actions are offered (the list is virtual: the system's first, the libraries' further down).
    fireEvent.mouseDown(screen.getByTestId('audit-log-filter-action').querySelector('input')!);
    expect(await screen.findByTitle('禁用用户')).toBeInTheDocument();
    expect(auditActionsOf('all')).toEqual([...AUDIT_ACTIONS, ...LIBRARY_AUDIT_ACTIONS]);
  });
});
