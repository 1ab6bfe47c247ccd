import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore, setToken } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import OpenPlatformPage from './open-platform-page';

const KEYS = '/to/api/base/system/open/api-keys';
const week = (today: number) => Array.from({ length: 7 }, (_, index) => ({ date: `2026-11-${21 + index}`, requests: index === 6 ? today : 0 }));
const key = {
  id: 3,
  name: 'ERP 同步',
  prefix: 'opk_ab12',
  scopes: ['component', 'mat'],
  requestsPerMinute: 60,
  requestsPerDay: 1000,
  userId: 7,
  orgId: 0,
  createTime: 1_764_200_000_000,
  lastUsedTime: null as number | null,
  revokedTime: null as number | null,
  usage: week(12),
};

const testPage = servePageForTests('/open');

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <OpenPlatformPage />
      </AntdApp>
    </AppProviders>,
  );
}

describe('OpenPlatformPage', () => {
  it('shows the guide to everyone and asks a visitor to sign in before keys', () => {
    renderPage();
    expect(screen.getByTestId('open-keys-signed-out')).toHaveTextContent('登录后创建 API 密钥');
    expect(screen.getByTestId('open-base-component')).toHaveTextContent(`${testPage.server.origin}/to/open/component`);
    expect(screen.getByTestId('open-example-curl')).toHaveTextContent('X-API-Key');
    expect(screen.getByTestId('open-openapi-link')).toHaveAttribute('href', '/to/api/docs/');
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('refuses blocked users the keys (spec §4)', () => {
    setToken({ accessToken: 'tok', refreshToken: 'ref' });
    sessionStore.setState({ isSetUser: true, permissions: ['open:key:manage'], user: { id: 5, orgId: 1, orgEnable: true } as never });
    renderPage();
    expect(screen.getByTestId('open-keys-blocked')).toHaveTextContent('暂无权限，请联系管理员');
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists keys with usage, creates one showing its secret once, and revokes one', { timeout: 20_000 }, async () => {
    setToken({ accessToken: 'tok', refreshToken: 'ref' });
    sessionStore.setState({ isSetUser: true, permissions: ['open:key:manage'], user: { id: 7, orgId: 0, orgEnable: true } as never });
    const state = { keys: [key] };
    testPage.server.routes.set(KEYS, (request, response) => {
      if (request.method === 'POST') {
        const body = JSON.parse(request.body) as { name: string; scopes: string[] };
        const created = { ...key, id: 4, name: body.name, scopes: body.scopes, prefix: 'opk_cd34', usage: week(0) };
        state.keys = [created, ...state.keys];
        sendJson(response, envelope({ ...created, secret: `opk_cd34${'0'.repeat(60)}` }));
        return;
      }
      sendJson(response, envelope(state.keys));
    });
    testPage.server.routes.set(`${KEYS}/3`, (_request, response) => {
      state.keys = state.keys.map((entry) => (entry.id === 3 ? { ...entry, revokedTime: 1_764_300_000_000 } : entry));
      sendJson(response, envelope(true));
    });
    renderPage();
    const row = await screen.findByTestId('open-key-3', undefined, { timeout: 5000 });
    expect(row).toHaveTextContent('ERP 同步');
    expect(row).toHaveTextContent('opk_ab12••••••••');
    expect(row).toHaveTextContent('元器件库');
    expect(row).toHaveTextContent('材料库');
    expect(within(row).getByTestId('open-key-usage-3')).toHaveTextContent('12 / 1000');

    // The name is required; then a key for the parts library.
    fireEvent.click(screen.getByTestId('open-key-create'));
    expect(await screen.findByText('请填写密钥名称')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('open-key-name'), { target: { value: '  CAD 插件 ' } });
    fireEvent.click(within(screen.getByTestId('open-key-scopes')).getByText('零部件库'));
    fireEvent.click(screen.getByTestId('open-key-create'));
    const secret = await screen.findByTestId('open-key-secret', undefined, { timeout: 5000 });
    expect(secret).toHaveValue(`opk_cd34${'0'.repeat(60)}`);
    const post = testPage.server.requests.find((request) => request.method === 'POST');
    expect(JSON.parse(post!.body)).toEqual({ name: 'CAD 插件', scopes: ['part', 'component'] });
    fireEvent.click(screen.getByText('我已保存'));
    expect(await screen.findByTestId('open-key-4', undefined, { timeout: 5000 })).toHaveTextContent('CAD 插件');

    fireEvent.click(screen.getByTestId('open-key-revoke-3'));
    fireEvent.click(await screen.findByText('确 定'));
    await waitFor(() => expect(testPage.server.requests.some((request) => request.method === 'DELETE' && request.url.endsWith('/3'))).toBe(true), {
      timeout: 5000,
    });
    await waitFor(() => expect(screen.getByTestId('open-key-3')).toHaveTextContent('已撤销'), { timeout: 5000 });
  });
});
