import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import FeedbackAdminPage from './feedback-admin-page';

const testPage = servePageForTests('/operation/feedback', { signedIn: true });
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
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists open feedback, shows one with its images and closes it with a remark', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['operation:feedback:query', 'operation:feedback:update'] });
    let current = { ...record };
    testPage.server.routes.set('/to/api/operation/behavior/message/page', (_request, response) => sendJson(response, envelope({ list: [current], total: 1 })));
    testPage.server.routes.set('/to/api/operation/behavior/message/get', (_request, response) => sendJson(response, envelope(current)));
    testPage.server.routes.set('/to/api/operation/behavior/message/close', (request, response) => {
      const body = JSON.parse(request.body) as { id: number; reply: string };
      current = { ...current, status: 1, reply: body.reply };
      sendJson(response, envelope(true));
    });
    renderPage();
    const view = await screen.findByTestId('feedback-view-7', undefined, { timeout: 5000 });
    const page = new URL(testPage.server.requests[0].url, testPage.server.origin).searchParams;
    expect(Object.fromEntries(page)).toEqual({ pageNo: '1', pageSize: '10', status: '0' });
    fireEvent.click(view);
    const drawer = await screen.findByTestId('feedback-detail');
    expect(await within(drawer).findByTestId('feedback-detail-message', undefined, { timeout: 5000 })).toHaveTextContent('支架尺寸不对');
    expect(within(drawer).getByTestId('feedback-detail-images').querySelectorAll('img')).toHaveLength(1);
    fireEvent.change(within(drawer).getByTestId('feedback-reply'), { target: { value: '已处理' } });
    fireEvent.click(within(drawer).getByTestId('feedback-close'));
    await waitFor(() => expect(within(drawer).getByTestId('feedback-detail-reply')).toHaveTextContent('已处理'), { timeout: 5000 });
    const close = testPage.server.requests.find((request) => request.url.endsWith('/close'));
    expect(JSON.parse(close!.body)).toEqual({ id: 7, reply: '已处理' });
  });

  it('shows the error with a retry when the list fails', async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    testPage.server.routes.set('/to/api/operation/behavior/message/page', (_request, response) => sendJson(response, envelope(null, 403, '没有该操作权限')));
    renderPage();
    expect(await screen.findByTestId('feedback-error', undefined, { timeout: 5000 })).toHaveTextContent('没有该操作权限');
  });

  it('exports the feedback the current filters find, with the filters', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['operation:feedback:query'] });
    testPage.server.routes.set('/to/api/operation/behavior/message/page', (_request, response) => sendJson(response, envelope({ list: [record], total: 1 })));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage();
    await screen.findByTestId('feedback-view-7', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('feedback-export'));
    expect(await screen.findByText('已导出 1 条', undefined, { timeout: 5000 })).toBeInTheDocument();
    const exported = new URL(testPage.server.requests[testPage.server.requests.length - 1].url, testPage.server.origin).searchParams;
    expect(Object.fromEntries(exported)).toEqual({ pageNo: '1', pageSize: '100', status: '0' });
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
