import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders } from '@portal/providers';
import { sessionStore, type PortalUser } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import { MyCenterFrame } from './my-center-frame';

const INVITATIONS = '/to/api/base/system/user/org-invitations';
const UNREAD = '/to/api/operation/behavior/message/my-unread-count';
const PERMISSION_INFO = '/to/api/base/system/auth/get-permission-info';

const testPage = servePageForTests('/user/files', { signedIn: true });
const platformUser: PortalUser = { id: 12, username: 'zhao', orgId: 0 };
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

function renderFrame(user: PortalUser) {
  sessionStore.setState({ isSetUser: true, user });
  window.history.replaceState(null, '', '/user/files');
  render(
    <AppProviders>
      <AntdApp>
        <Routes>
          <Route
            path="/user/files"
            element={
              <MyCenterFrame>
                <div data-testid="page-body" />
              </MyCenterFrame>
            }
          />
        </Routes>
      </AntdApp>
    </AppProviders>,
  );
}

function requestsTo(path: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === path && (!method || request.method === method));
}

/** Serves the caller's pending invitations as the back end does, dropping the answered ones. */
function serveInvitations() {
  const state = { invitations: [invitation] };
  testPage.server.routes.set(UNREAD, (_request, response) => sendJson(response, envelope(0)));
  testPage.server.routes.set(INVITATIONS, (_request, response) => sendJson(response, envelope(state.invitations)));
  return state;
}

describe('MyCenterFrame: invitations into an organisation', () => {
  it('shows a platform user their invitation; accepting joins and reads the user again', { timeout: 20_000 }, async () => {
    const state = serveInvitations();
    testPage.server.routes.set(`${INVITATIONS}/31/accept`, (_request, response) => {
      state.invitations = [];
      sendJson(response, envelope(true));
    });
    testPage.server.routes.set(PERMISSION_INFO, (_request, response) =>
      sendJson(
        response,
        envelope({ user: { ...platformUser, orgId: 5, orgName: '宁波紧固件有限公司', orgEnable: true }, permissions: [], roles: [], menus: [] }),
      ),
    );
    renderFrame(platformUser);
    const alert = await screen.findByTestId('my-invitation-31', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('「张工」邀请您加入「宁波紧固件有限公司」');
    expect(alert).toHaveTextContent(new Date(invitation.expireTime).toLocaleDateString());
    // Above the page it belongs to.
    expect(alert.compareDocumentPosition(screen.getByTestId('page-body')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(within(alert).getByTestId('my-invitation-accept-31'));
    await waitFor(() => expect(requestsTo(`${INVITATIONS}/31/accept`, 'POST')).toHaveLength(1), { timeout: 5000 });
    expect(await screen.findByText('已加入 宁波紧固件有限公司', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(requestsTo(PERMISSION_INFO, 'GET')).toHaveLength(1);
    await waitFor(() => expect(sessionStore.getState().user?.orgId).toBe(5));
    expect(screen.queryByTestId('my-invitation-31')).toBeNull();
  });

  it('declines an invitation', { timeout: 20_000 }, async () => {
    const state = serveInvitations();
    testPage.server.routes.set(`${INVITATIONS}/31/decline`, (_request, response) => {
      state.invitations = [];
      sendJson(response, envelope(true));
    });
    renderFrame(platformUser);
    fireEvent.click(await screen.findByTestId('my-invitation-decline-31', undefined, { timeout: 5000 }));
    await waitFor(() => expect(requestsTo(`${INVITATIONS}/31/decline`, 'POST')).toHaveLength(1), { timeout: 5000 });
    expect(await screen.findByText('已拒绝加入 宁波紧固件有限公司 的邀请', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('my-invitation-31')).toBeNull(), { timeout: 5000 });
    expect(requestsTo(`${INVITATIONS}/31/accept`)).toHaveLength(0);
    expect(requestsTo(PERMISSION_INFO)).toHaveLength(0);
  });

  it('shows the server’s refusal and reads the list again', { timeout: 20_000 }, async () => {
    const state = serveInvitations();
    testPage.server.routes.set(`${INVITATIONS}/31/accept`, (_request, response) => {
      state.invitations = [];
      sendJson(response, envelope(null, 1_002_025_008, '邀请不存在或已失效'));
    });
    renderFrame(platformUser);
    fireEvent.click(await screen.findByTestId('my-invitation-accept-31', undefined, { timeout: 5000 }));
    expect(await screen.findByText('邀请不存在或已失效', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('my-invitation-31')).toBeNull(), { timeout: 5000 });
    expect(requestsTo(INVITATIONS, 'GET')).toHaveLength(2);
    expect(requestsTo(PERMISSION_INFO)).toHaveLength(0);
  });

  it('neither shows nor asks for invitations for a member of an organisation', { timeout: 20_000 }, async () => {
    serveInvitations();
    renderFrame({ id: 7, username: 'zhang', orgId: 5, orgName: '宁波紧固件有限公司', orgEnable: true });
    expect(await screen.findByTestId('page-body')).toBeInTheDocument();
    // The frame's other request has gone out, so the invitations' would have too.
    await waitFor(() => expect(requestsTo(UNREAD)).toHaveLength(1), { timeout: 5000 });
    expect(screen.queryByTestId('my-invitations')).toBeNull();
    expect(screen.queryByTestId('my-invitation-31')).toBeNull();
    expect(requestsTo(INVITATIONS)).toHaveLength(0);
  });
});
