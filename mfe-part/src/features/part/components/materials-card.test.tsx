import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders, queryClient } from '@portal/providers';
import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { LibraryConfigProvider, type ItemDetail } from '@portal/library-ui/items';
import { partLibrary } from '../../../config/part-library';
import '../../../i18n';
import { gradesOf, type MaterialOption } from '../types';
import { MaterialsCard, materialGroupText } from './materials-card';

vi.setConfig({ testTimeout: 30_000 });

const harness = setUpTestServer('/part/detail/5');

const materials: MaterialOption[] = [
  { class: '8.8', source: 'ISO 898-1', grade: '45', relation: 'typical', material: '调质碳钢 / quenched and tempered carbon steel' },
  { class: 'A2-70', source: 'ISO 3506-1', grade: '06Cr19Ni10', relation: 'approximate', material: '奥氏体不锈钢 A2 / austenitic stainless A2' },
  { class: 'NBR 70 Shore A', source: 'ISO 3601-5', grade: null, relation: 'typical', material: '丁腈橡胶 / nitrile rubber' },
];
const screw = { component: { id: 5, partNumber: 'ISO 4762 M6×20', materials }, parameters: [], categoryPath: [], files: [] } as unknown as ItemDetail;

function renderCard(item: ItemDetail) {
  return render(
    <AppProviders basename="/part">
      <LibraryConfigProvider config={partLibrary}>
        <Routes>
          <Route path="/detail/:id" element={<MaterialsCard item={item} />} />
        </Routes>
      </LibraryConfigProvider>
    </AppProviders>,
  );
}

afterEach(() => queryClient.clear());

describe('MaterialsCard', () => {
  it('lists the classes and links each grade to the materials library page mat-api names', async () => {
    harness.server.routes.set('/to/api/public/mat/grades', (_, response) =>
      sendJson(
        response,
        envelope({
          list: [
            { grade: '45', id: 31, code: 'C45', name: '优质碳素结构钢 C45', records: 5 },
            { grade: '06Cr19Ni10', id: 12, code: 'X5CrNi18-10', name: '奥氏体不锈钢 X5CrNi18-10', records: 5 },
          ],
          missing: [],
        }),
      ),
    );
    renderCard(screw);
    const link = await screen.findByTestId('part-material-link-06Cr19Ni10');
    expect(link).toHaveAttribute('href', '/mat/detail/12');
    expect(link).toHaveTextContent('06Cr19Ni10 · X5CrNi18-10');
    expect(screen.getByTestId('part-material-link-45')).toHaveAttribute('href', '/mat/detail/31');
    // One request for both grades, in the part's order.
    expect(harness.server.requests).toHaveLength(1);
    expect(new URL(harness.server.requests[0].url, harness.server.origin).searchParams.get('codes')).toBe('45|06Cr19Ni10');
    const rows = within(screen.getByTestId('part-materials')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('8.8');
    expect(rows[0]).toHaveTextContent('ISO 898-1');
    expect(rows[0]).toHaveTextContent('典型');
    expect(rows[1]).toHaveTextContent('近似');
    // An elastomer the materials library does not hold is named, not linked.
    expect(rows[2]).toHaveTextContent('NBR 70 Shore A');
    expect(rows[2]).toHaveTextContent('材料库暂无此材料');
    expect(within(rows[2]).queryByRole('link')).toBeNull();
  });

  it('names a grade mat-api does not know without a link, and shows nothing for a part without materials', async () => {
    harness.server.routes.set('/to/api/public/mat/grades', (_, response) => sendJson(response, envelope({ list: [], missing: ['45', '06Cr19Ni10'] })));
    const { unmount } = renderCard(screw);
    expect(await screen.findByText('06Cr19Ni10（材料库暂无此材料）')).toBeInTheDocument();
    unmount();
    renderCard({ ...screw, component: { ...screw.component, materials: undefined } } as unknown as ItemDetail);
    expect(screen.queryByTestId('part-materials')).toBeNull();
  });

  it('reads the distinct grades and the material group in the shown language', () => {
    expect(gradesOf([...materials, materials[0]])).toEqual(['45', '06Cr19Ni10']);
    expect(materialGroupText('丁腈橡胶 / nitrile rubber', true)).toBe('nitrile rubber');
    expect(materialGroupText('丁腈橡胶 / nitrile rubber', false)).toBe('丁腈橡胶');
  });
});
