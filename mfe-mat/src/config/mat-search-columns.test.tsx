import { render, screen, within } from '@testing-library/react';
import { Routes } from 'react-router';
import { AppProviders, queryClient } from '@portal/providers';
import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { libraryRoutes } from '@portal/library-ui/items';
import '../i18n';
import { matLibrary } from './mat-library';

// Rendering antd tables in jsdom takes a few seconds on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

const harness = setUpTestServer('/mat/search?keyWords=304');

const hit = (id: number, partNumber: string, standard: string | null) => ({
  id,
  partNumber,
  name: `奥氏体不锈钢 ${partNumber}`,
  description: '',
  designation: partNumber,
  standard,
  grade: '06Cr19Ni10',
  exact: false,
  parameters: [],
});

afterEach(() => queryClient.clear());

describe('the materials search results', () => {
  it('show each hit’s standard in a 标准 column', async () => {
    harness.server.routes.set('/to/api/public/mat/search', (_, response) =>
      sendJson(
        response,
        envelope({
          list: [hit(5, 'X5CrNi18-10', 'EN 10088'), hit(6, 'Stainless Steel 304', null)],
          total: 2,
          facets: { categories: [], packages: [{ value: 'EN 10088', name: 'EN 10088', count: 1 }], parameters: [] },
        }),
      ),
    );
    render(
      <AppProviders basename="/mat">
        <Routes>{libraryRoutes(matLibrary)}</Routes>
      </AppProviders>,
    );
    const table = await screen.findByTestId('search-results', {}, { timeout: 20_000 });
    // 名称 and 说明 are responsive columns (md, sm): jsdom matches no media query.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['牌号', '标准', '对比']);
    expect(
      within(table)
        .getAllByTestId('field-cell-standard')
        .map((cell) => cell.textContent),
    ).toEqual(['EN 10088', '—']);
    expect(new URL(harness.server.requests[0].url, harness.server.origin).searchParams.get('keyWords')).toBe('304');
  });
});
