import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import SearchIndexAdminPage from './search-index-admin-page';

const PART = '/to/api/operation/part/search-index/rebuild';
const MAT = '/to/api/operation/mat/search-index/rebuild';

const testPage = servePageForTests('/operation/search-index', { signedIn: true });
const idle = { state: 'idle', indexed: 0, total: 0, startedTime: null, finishedTime: null, error: null };

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <SearchIndexAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

function requestsTo(path: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === path && (!method || request.method === method));
}

describe('SearchIndexAdminPage', () => {
  it('refuses users without any rebuild permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['system:user:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('shows the libraries held, rebuilds one and follows its progress to the end', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['part:search-index:rebuild', 'mat:search-index:rebuild'] });
    // The part rebuild: running on the first two reads after the start, then done.
    let reads = 0;
    let started = false;
    const running = { state: 'running', indexed: 4_000, total: 9_900, startedTime: 1_763_700_000_000, finishedTime: null, error: null };
    const done = { ...running, state: 'done', indexed: 9_900, finishedTime: 1_763_700_030_000 };
    testPage.server.routes.set(PART, (request, response) => {
      if (request.method === 'POST') {
        started = true;
        return sendJson(response, envelope({ started: true, progress: { ...running, indexed: 0 } }));
      }
      if (!started) return sendJson(response, envelope(idle));
      reads += 1;
      sendJson(response, envelope(reads <= 1 ? running : done));
    });
    testPage.server.routes.set(MAT, (_request, response) =>
      sendJson(
        response,
        envelope({ ...idle, state: 'failed', startedTime: 1_763_700_000_000, finishedTime: 1_763_700_001_000, error: 'database unavailable' }),
      ),
    );
    renderPage();
    expect(await screen.findByTestId('search-index-state-part', undefined, { timeout: 5000 })).toHaveTextContent('本次启动后未重建');
    expect(screen.queryByTestId('search-index-component')).toBeNull();
    expect(await screen.findByTestId('search-index-state-mat', undefined, { timeout: 5000 })).toHaveTextContent('失败');
    expect(screen.getByTestId('search-index-mat')).toHaveTextContent('database unavailable');

    fireEvent.click(screen.getByTestId('search-index-rebuild-part'));
    expect(await screen.findByText('已开始重建', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(requestsTo(PART, 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('search-index-state-part')).toHaveTextContent('重建中'), { timeout: 5000 });
    expect(screen.getByTestId('search-index-rebuild-part')).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('search-index-state-part')).toHaveTextContent('已完成'), { timeout: 8000 });
    expect(screen.getByTestId('search-index-count-part')).toHaveTextContent('9,900 / 9,900 条');
    expect(screen.getByTestId('search-index-rebuild-part')).toBeEnabled();
  });
});
