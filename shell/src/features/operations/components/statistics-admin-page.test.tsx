import { App as AntdApp } from 'antd';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { sessionStore } from '@portal/session';
import { envelope, sendJson } from '@portal/http/testing';
import { captureDownloads, csvLines } from '../../../test/downloads';
import { servePageForTests } from '../../../test/page-server';
import StatisticsAdminPage, { DailyBars } from './statistics-admin-page';

const testPage = servePageForTests('/operation/statistics', { signedIn: true });

function renderPage() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <StatisticsAdminPage />
      </AntdApp>
    </AppProviders>,
  );
}

/** Answers every statistics call of `library` with the given lists (the daily series: two days). */
function serveLibrary(library: string, zero: unknown[], top: unknown[] = [], downloads: unknown[] = []) {
  testPage.server.routes.set(`/to/stat/${library}/searches/daily`, (_req, res) =>
    sendJson(
      res,
      envelope([
        { date: '2026-11-26', searches: 4, zeroResult: 1 },
        { date: '2026-11-27', searches: 2, zeroResult: 2 },
      ]),
    ),
  );
  testPage.server.routes.set(`/to/stat/${library}/queries/zero-result`, (_req, res) => sendJson(res, envelope(zero)));
  testPage.server.routes.set(`/to/stat/${library}/queries/top`, (_req, res) => sendJson(res, envelope(top)));
  testPage.server.routes.set(`/to/stat/${library}/downloads/top`, (_req, res) => sendJson(res, envelope(downloads)));
}

describe('StatisticsAdminPage', () => {
  it('refuses users without the statistics permission and calls nothing', () => {
    sessionStore.setState({ isSetUser: true, permissions: ['operation:feedback:query'] });
    renderPage();
    expect(screen.getByTestId('operations-forbidden')).toBeInTheDocument();
    expect(testPage.server.requests).toHaveLength(0);
  });

  it('shows zero-result queries first, linked to the library search, with the charts and tables', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['operation:stat:query'] });
    serveLibrary(
      'component',
      [{ query: 'zzqxv nonsense', searches: 3, lastSeen: '2026-11-27T05:00:00Z' }],
      [{ query: 'lm358', searches: 9, lastTotal: 12 }],
      [
        { itemId: 5, itemName: 'AMS1117-3.3', partNumber: 'AMS1117-3.3', kind: 'symbol', downloads: 4 },
        { itemId: 8, itemName: null, partNumber: null, kind: 'model-step', downloads: 1 },
      ],
    );
    testPage.server.routes.set('/to/stat/system/signups/daily', (_req, res) =>
      sendJson(
        res,
        envelope([
          { date: '2026-11-26', signups: 0 },
          { date: '2026-11-27', signups: 5 },
        ]),
      ),
    );
    renderPage();

    const zeroRow = await screen.findByTestId('stat-zero-result-row-zzqxv nonsense', undefined, { timeout: 5000 });
    const link = within(zeroRow).getByTestId('stat-zero-result-link');
    expect(link).toHaveAttribute('href', `/component/search?${new URLSearchParams({ keyWords: 'zzqxv nonsense' })}`);
    expect(zeroRow).toHaveTextContent('3');
    // The zero-result list comes before the other sections.
    const zeroTable = screen.getByTestId('stat-zero-result-table');
    const topTable = await screen.findByTestId('stat-top-queries-row-lm358');
    expect(zeroTable.compareDocumentPosition(topTable) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(topTable).toHaveTextContent('12');

    expect(await screen.findByTestId('stat-daily-chart-bar-2026-11-26')).toHaveAttribute('data-value', '4');
    expect(screen.getByTestId('stat-daily-chart-total')).toHaveTextContent('6');
    expect(await screen.findByTestId('stat-signups-chart-bar-2026-11-27')).toHaveAttribute('data-value', '5');

    expect(await screen.findByTestId('stat-downloads-row-5-symbol')).toHaveTextContent('AMS1117-3.3');
    expect(screen.getByTestId('stat-downloads-row-8-model-step')).toHaveTextContent('#8');
    expect(screen.getByTestId('stat-downloads-row-8-model-step')).toHaveTextContent('已删除');

    // 导出 of a list: the rows shown, as the table shows them.
    const { blobs, restore } = captureDownloads();
    fireEvent.click(screen.getByTestId('stat-downloads-export'));
    expect(await csvLines(blobs[0])).toEqual(['ID,型号,名称,格式,下载次数', '5,AMS1117-3.3,AMS1117-3.3,symbol,4', '8,#8,（已删除）,model-step,1']);
    restore();

    const calls = testPage.server.requests.map((request) => request.url);
    expect(calls).toContain('/to/stat/component/searches/daily?days=30');
    expect(calls).toContain('/to/stat/component/queries/zero-result?days=30&limit=50');
    expect(calls).toContain('/to/stat/system/signups/daily?days=30');
  });

  it('switches library and period, and offers a retry when a list fails', { timeout: 20_000 }, async () => {
    sessionStore.setState({ isSetUser: true, permissions: ['*:*:*'] });
    serveLibrary('component', []);
    serveLibrary('mat', [{ query: '不存在的牌号', searches: 1, lastSeen: '2026-11-27T05:00:00Z' }]);
    testPage.server.routes.set('/to/stat/system/signups/daily', (_req, res) => sendJson(res, envelope(null, 403, '没有该操作权限')));
    renderPage();
    const failed = await screen.findByTestId('stat-signups-error', undefined, { timeout: 5000 });
    expect(failed).toHaveTextContent('没有该操作权限');
    testPage.server.routes.set('/to/stat/system/signups/daily', (_req, res) => sendJson(res, envelope([{ date: '2026-11-27', signups: 1 }])));
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('stat-signups-chart-bar-2026-11-27')).toHaveAttribute('data-value', '1');

    fireEvent.mouseDown(within(screen.getByTestId('stat-library')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('材料库'));
    const row = await screen.findByTestId('stat-zero-result-row-不存在的牌号', undefined, { timeout: 5000 });
    expect(within(row).getByTestId('stat-zero-result-link')).toHaveAttribute('href', `/mat/search?${new URLSearchParams({ keyWords: '不存在的牌号' })}`);

    fireEvent.mouseDown(within(screen.getByTestId('stat-days')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('最近 7 天'));
    await waitFor(() => expect(testPage.server.requests.map((request) => request.url)).toContain('/to/stat/mat/queries/top?days=7&limit=50'));
  });
});

describe('DailyBars', () => {
  it('draws one bar per day scaled to the highest, with the part over it', () => {
    render(
      <AppProviders withRouter={false}>
        <DailyBars
          days={[
            { date: 'a', value: 10, part: 5 },
            { date: 'b', value: 0 },
          ]}
          label="searches"
          partLabel="zero"
          testId="chart"
        />
      </AppProviders>,
    );
    const full = screen.getByTestId('chart-bar-a').querySelectorAll('rect');
    expect(full).toHaveLength(2);
    expect(full[0]).toHaveAttribute('height', '120');
    expect(full[1]).toHaveAttribute('height', '60');
    expect(screen.getByTestId('chart-bar-b').querySelectorAll('rect')).toHaveLength(1);
    expect(screen.getByTestId('chart-bar-b').querySelector('title')).toHaveTextContent('b: searches 0, zero 0');
  });
});
