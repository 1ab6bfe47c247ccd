import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import DictionaryAdminPage from './dictionary-admin-page';

const ENTRIES = '/to/api/base/system/operation/dict-data';

const testPage = servePageForTests('/operation/dictionary', { signedIn: true });
const updated = 1_763_700_000_000;
const entries = [
  { id: 1, dictType: 'system_config', label: 'token_expire_time', value: '30', sort: 1, status: 0, remark: '访问令牌有效期（分钟）', updateTime: updated },
  { id: 2, dictType: 'system_config', label: 'from_expire_time', value: '1440', sort: 2, status: 0, remark: '来源跳转有效期（分钟）', updateTime: updated },
  { id: 3, dictType: 'system_config', label: 'redirect_allow_hosts', value: '', sort: 3, status: 0, remark: '登录后可携带令牌跳转的主机', updateTime: updated },
];

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <DictionaryAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

function requestsTo(path: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === path && (!method || request.method === method));
}

/** Serves the entries as the back end does, applying value changes (hosts refused when they carry a scheme). */
function serveEntries() {
  const state = entries.map((entry) => ({ ...entry }));
  testPage.server.routes.set(ENTRIES, (_request, response) => sendJson(response, envelope(state)));
  for (const entry of state) {
    testPage.server.routes.set(`${ENTRIES}/${entry.id}`, (request, response) => {
      const { value } = JSON.parse(request.body) as { value: string };
      if (value.includes('://')) return sendJson(response, envelope(null, 400, `请求参数不正确:主机格式不正确: ${value}`));
      entry.value = value;
      sendJson(response, envelope(true));
    });
  }
}

describe('DictionaryAdminPage', () => {
  it('refuses users without the query permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:user:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('shows each setting with its meaning and value; read-only without the update permission', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:dict:query'] });
    serveEntries();
    renderPage();
    const token = await screen.findByTestId('dict-row-token_expire_time', undefined, { timeout: 5000 });
    expect(token).toHaveTextContent('访问令牌有效期（无操作多久后退出登录）');
    expect(token).toHaveTextContent('30 分钟');
    expect(screen.getByTestId('dict-row-redirect_allow_hosts')).toHaveTextContent('（空）');
    expect(screen.queryByTestId('dict-edit-token_expire_time')).toBeNull();
  });

  it('edits minutes within their bounds and hosts; a refusal shows under the field', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:dict:query', 'system:dict:update'] });
    serveEntries();
    renderPage();
    fireEvent.click(await screen.findByTestId('dict-edit-token_expire_time', undefined, { timeout: 5000 }));
    let form = await screen.findByTestId('dict-form');
    fireEvent.change(within(form).getByTestId('dict-form-value'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('dict-form-submit'));
    await waitFor(() => expect(requestsTo(`${ENTRIES}/1`, 'PUT')).toHaveLength(1), { timeout: 5000 });
    expect(JSON.parse(requestsTo(`${ENTRIES}/1`, 'PUT')[0].body)).toEqual({ value: '60' });
    await waitFor(() => expect(screen.getByTestId('dict-row-token_expire_time')).toHaveTextContent('60 分钟'), { timeout: 5000 });

    fireEvent.click(screen.getByTestId('dict-edit-redirect_allow_hosts'));
    form = await screen.findByTestId('dict-form');
    fireEvent.change(within(form).getByTestId('dict-form-value'), { target: { value: 'https://partner.example' } });
    fireEvent.click(screen.getByTestId('dict-form-submit'));
    expect(await within(form).findByText(/主机格式不正确/, undefined, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.change(within(form).getByTestId('dict-form-value'), { target: { value: 'partner.example' } });
    fireEvent.click(screen.getByTestId('dict-form-submit'));
    await waitFor(() => expect(screen.getByTestId('dict-row-redirect_allow_hosts')).toHaveTextContent('partner.example'), { timeout: 5000 });
  });
});
