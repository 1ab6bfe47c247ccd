import { render, screen, within } from '@testing-library/react';
import { Routes } from 'react-router';
import { AppProviders, queryClient } from '@portal/providers';
import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { libraryRoutes } from '@portal/library-ui/items';
import '../i18n';
import { partLibrary } from './part-library';

// Rendering antd tables in jsdom takes a few seconds on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

const harness = setUpTestServer('/part/search?keyWords=M6x20');

// A part's summary as part-api answers it: no `package`, its standard in `designation`.
const hit = (id: number, partNumber: string, designation: string | null) => ({
  id,
  partNumber,
  name: `内六角圆柱头螺钉 ${partNumber}`,
  description: '',
  designation,
  manufacturerId: 1,
  manufacturerName: 'ISO',
  exact: false,
  parameters: [],
});

afterEach(() => queryClient.clear());

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  render(
    <AppProviders basename="/part">
      <Routes>{libraryRoutes(partLibrary)}</Routes>
    </AppProviders>,
  );
}

describe('the parts’ 标准 column', () => {
  it('shows each search hit’s designation', async () => {
    harness.server.routes.set('/to/api/public/part/search', (_, response) =>
      sendJson(
        response,
        envelope({
          list: [hit(5, 'ISO 4762 M6×20', 'ISO 4762'), hit(6, 'DIN 1662 M6×20', null)],
          total: 2,
          facets: { categories: [], manufacturers: [], packages: [], parameters: [] },
        }),
      ),
    );
    renderAt('/part/search?keyWords=M6x20');
    const table = await screen.findByTestId('search-results', {}, { timeout: 20_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('标准');
    expect(
      within(table)
        .getAllByTestId('field-cell-designation')
        .map((cell) => cell.textContent),
    ).toEqual(['ISO 4762', '—']);
    // The part number keeps its line; the standard beside it may wrap instead (ISO / 4762 at 500 px).
    expect(within(table).getAllByTestId('part-number-cell')[0]).toHaveStyle({ whiteSpace: 'nowrap' });
    const designation = within(table).getAllByTestId('field-cell-designation')[0];
    expect(designation).not.toHaveStyle({ whiteSpace: 'nowrap' });
    // …at its space only: each word whole (ISO 7380-1 never breaks at its hyphen).
    expect([...designation.querySelectorAll('.cmp-results__value')].map((word) => word.textContent)).toEqual(['ISO', '4762']);
  });

  it('lets a description-length part number wrap rather than widen the table', async () => {
    const long = 'ISO 4762 hexagon socket head cap screw M6×20 with a long description';
    harness.server.routes.set('/to/api/public/part/search', (_, response) =>
      sendJson(
        response,
        envelope({
          list: [hit(7, long, 'ISO 4762')],
          total: 1,
          facets: { categories: [], manufacturers: [], packages: [], parameters: [] },
        }),
      ),
    );
    renderAt('/part/search?keyWords=M6x20');
    const table = await screen.findByTestId('search-results', {}, { timeout: 20_000 });
    const cell = await within(table).findByTestId('part-number-cell', {}, { timeout: 20_000 });
    expect(cell).toHaveTextContent(long);
    expect(cell).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows each item’s designation in a standards body’s list', async () => {
    harness.server.routes.set('/to/api/public/part/manufacturer/1', (_, response) =>
      sendJson(
        response,
        envelope({
          manufacturer: { id: 1, name: 'ISO', website: null, componentCount: 1, nameZh: null },
          components: { list: [hit(5, 'ISO 4762 M6×20', 'ISO 4762')], total: 1 },
        }),
      ),
    );
    renderAt('/part/brand-detail/1');
    const cells = await screen.findAllByTestId('field-cell-designation', {}, { timeout: 20_000 });
    expect(cells.map((cell) => cell.textContent)).toEqual(['ISO 4762']);
  });
});
