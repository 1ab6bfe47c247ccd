import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { servePageForTests } from '../../../test/page-server';
import OperationsFrame, { OperationsHome } from './operations-frame';

servePageForTests('/operation', { signedIn: true });

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  render(
    <AppProviders>
      <Routes>
        <Route path="/operation" element={<OperationsHome />} />
        <Route
          path="/operation/*"
          element={
            <OperationsFrame>
              <Where />
            </OperationsFrame>
          }
        />
      </Routes>
    </AppProviders>,
  );
}

describe('the operations platform', () => {
  it('opens the first page the operator may use', async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:audit-log:query', 'system:user:query'] });
    renderAt('/operation');
    expect(await screen.findByTestId('where')).toHaveTextContent('/operation/users');
  });

  it('lists only the pages held, in menu order, and moves between them', async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:audit-log:query', 'operation:feedback:query'] });
    renderAt('/operation/feedback');
    const nav = await screen.findByTestId('operations-nav');
    expect([...nav.querySelectorAll('[data-testid^="operations-nav-"]')].map((item) => item.textContent)).toEqual(['反馈管理', '操作审计']);
    fireEvent.click(screen.getByTestId('operations-nav-audit-log'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/operation/audit-log');
  });

  it('puts the enterprise-item queue after the brand applications, for holders of its audit permission only', async () => {
    sessionStore.setState({
      isSetUser: true,
      permissions: ['system:user:query', 'operation:enterprise-item:audit', 'system:brand-application:query', 'operation:feedback:query'],
    });
    renderAt('/operation/feedback');
    const nav = await screen.findByTestId('operations-nav');
    expect([...nav.querySelectorAll('[data-testid^="operations-nav-"]')].map((item) => item.textContent)).toEqual([
      '反馈管理',
      '入驻审核',
      '企业条目审核',
      '用户管理',
    ]);
    fireEvent.click(screen.getByTestId('operations-nav-enterprise-items'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/operation/enterprise-items');
  });

  it('opens the enterprise-item queue for an operator who holds only its permission', async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['operation:enterprise-item:audit'] });
    renderAt('/operation');
    expect(await screen.findByTestId('where')).toHaveTextContent('/operation/enterprise-items');
  });

  it('shows users without an operations permission the 403 card and no menu', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['open:key:manage'] });
    renderAt('/operation');
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(screen.queryByTestId('operations-nav')).toBeNull();
  });
});
