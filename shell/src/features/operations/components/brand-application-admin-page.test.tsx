import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import BrandApplicationAdminPage from './brand-application-admin-page';

const PAGE = '/to/api/base/system/brand-application/page';
const REVIEW = '/to/api/base/system/brand-application/review';

const testPage = servePageForTests('/operation/brand-applications', { signedIn: true });
const application = {
  id: 5,
  companyName: '华东精密机械有限公司',
  brandName: '华精',
  contactName: '李经理',
  mobile: '13800000000',
  email: 'li@example.com',
  website: '',
  description: '精密轴承',
  categories: [{ library: 'part', code: 'bearing' }],
  licenceFileId: '42',
  licenceUrl: '/to/api/base/file/content/get/42',
  status: 0,
  reviewRemark: null as string | null,
  reviewTime: null as number | null,
  createTime: 1_763_700_000_000,
  userId: 3,
  userName: '李经理',
};

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <BrandApplicationAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

/** Serves the page from `current` and records reviews into it, as the back end does. */
function serveApplications() {
  const state = { current: { ...application } };
  testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope({ list: [state.current], total: 1 })));
  testPage.server.routes.set(REVIEW, (request, response) => {
    const body = JSON.parse(request.body) as { status: number; reviewRemark: string };
    state.current = { ...state.current, status: body.status, reviewRemark: body.reviewRemark };
    sendJson(response, envelope(true));
  });
  return state;
}

async function openDrawer() {
  fireEvent.click(await screen.findByTestId('brand-application-view-5', undefined, { timeout: 5000 }));
  return screen.findByTestId('brand-application-detail');
}

describe('BrandApplicationAdminPage', () => {
  it('refuses users without the query permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['operation:feedback:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('lists applications in review and approves one with the right body', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:brand-application:query', 'system:brand-application:review'] });
    serveApplications();
    renderPage();
    const row = await screen.findByTestId('brand-application-row-5', undefined, { timeout: 5000 });
    expect(row).toHaveTextContent('华东精密机械有限公司');
    expect(row).toHaveTextContent('13800000000');
    expect(row).toHaveTextContent('审核中');
    const query = new URL(testPage.server.requests[0].url, testPage.server.origin).searchParams;
    expect(Object.fromEntries(query)).toEqual({ pageNo: '1', pageSize: '10', status: '0' });
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('brand-application-licence').querySelector('img')).toHaveAttribute('src', '/to/api/base/file/content/get/42');
    fireEvent.click(within(drawer).getByTestId('brand-application-approve'));
    await waitFor(() => expect(testPage.server.requests.some((request) => request.url.endsWith('/review'))).toBe(true), { timeout: 5000 });
    const review = testPage.server.requests.find((request) => request.url.endsWith('/review'));
    expect(JSON.parse(review!.body)).toEqual({ id: 5, status: 1, reviewRemark: '' });
    await waitFor(() => expect(screen.getByTestId('brand-application-row-5')).toHaveTextContent('已通过'), { timeout: 5000 });
  });

  it('needs a remark before rejecting, then sends it', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    serveApplications();
    renderPage();
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('brand-application-reject'));
    expect(within(drawer).getByTestId('brand-application-remark-required')).toHaveTextContent('驳回申请时请填写审核意见');
    expect(testPage.server.requests.some((request) => request.url.endsWith('/review'))).toBe(false);
    fireEvent.change(within(drawer).getByTestId('brand-application-remark'), { target: { value: '  营业执照不清晰 ' } });
    fireEvent.click(within(drawer).getByTestId('brand-application-reject'));
    await waitFor(() => expect(testPage.server.requests.some((request) => request.url.endsWith('/review'))).toBe(true), { timeout: 5000 });
    const review = testPage.server.requests.find((request) => request.url.endsWith('/review'));
    expect(JSON.parse(review!.body)).toEqual({ id: 5, status: 2, reviewRemark: '营业执照不清晰' });
    await waitFor(() => expect(screen.getByTestId('brand-application-row-5')).toHaveTextContent('未通过'), { timeout: 5000 });
  });

  it('hides the review buttons from operators who may only query', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:brand-application:query'] });
    serveApplications();
    renderPage();
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('brand-application-licence')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('brand-application-approve')).toBeNull();
  });

  it('shows the error with a retry when the list fails', async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    testPage.server.routes.set(PAGE, (_request, response) => sendJson(response, envelope(null, 403, '没有该操作权限')));
    renderPage();
    expect(await screen.findByTestId('brand-application-error', undefined, { timeout: 5000 })).toHaveTextContent('没有该操作权限');
  });
});
