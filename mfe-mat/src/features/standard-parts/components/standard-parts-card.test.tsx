import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AppProviders, queryClient } from '@portal/providers';
import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { LibraryConfigProvider, type ItemDetail } from '@portal/library-ui/items';
import { matLibrary } from '../../../config/mat-library';
import '../../../i18n';
import { partSearchUrl } from '../api/get-parts-of-grade';
import { StandardPartsCard } from './standard-parts-card';

vi.setConfig({ testTimeout: 30_000 });

const harness = setUpTestServer('/mat/detail/12');

const stainless = {
  component: { id: 12, partNumber: 'X5CrNi18-10', grade: '06Cr19Ni10' },
  parameters: [],
  categoryPath: [],
  files: [],
} as unknown as ItemDetail;

const family = (standard: string, designation: string, name: string, category: string, count: number, cls: string) => ({
  family: 'socket_head_cap',
  standard,
  designation,
  name,
  nameEn: 'Hexagon socket head cap screw',
  category,
  count,
  classes: [{ class: cls, source: 'ISO 3506-1', grade: '06Cr19Ni10', relation: 'approximate', material: '奥氏体不锈钢 A2 / austenitic stainless A2' }],
});

function renderCard(item: ItemDetail) {
  return render(
    <AppProviders basename="/mat">
      <LibraryConfigProvider config={matLibrary}>
        <Routes>
          <Route path="/detail/:id" element={<StandardPartsCard item={item} />} />
        </Routes>
      </LibraryConfigProvider>
    </AppProviders>,
  );
}

afterEach(() => queryClient.clear());

describe('StandardPartsCard', () => {
  it('asks part-api for the grade’s families and links each to the parts search of its standard', async () => {
    harness.server.routes.set('/to/api/public/part/materials/06Cr19Ni10/parts', (_, response) =>
      sendJson(
        response,
        envelope({
          grade: '06Cr19Ni10',
          families: [
            family('iso4762', 'ISO 4762', '内六角圆柱头螺钉', 'socket-head-cap-screw', 275, 'A2-70'),
            family('iso4032', 'ISO 4032', '六角螺母', 'hex-nut', 30, 'A2-70'),
          ],
        }),
      ),
    );
    renderCard(stainless);
    const link = await screen.findByTestId('standard-part-link-iso4762');
    expect(link).toHaveTextContent('ISO 4762 内六角圆柱头螺钉');
    expect(link).toHaveAttribute('href', '/part/search?category=socket-head-cap-screw&package=ISO+4762');
    const rows = within(screen.getByTestId('mat-standard-parts-table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('A2-70 · 近似');
    expect(screen.getByTestId('mat-standard-parts')).toHaveTextContent('采用此材料的标准件');
  });

  it('says when no standard part is made of the grade; a material without a grade has no section', async () => {
    harness.server.routes.set('/to/api/public/part/materials/06Cr19Ni10/parts', (_, response) =>
      sendJson(response, envelope({ grade: '06Cr19Ni10', families: [] })),
    );
    const { unmount } = renderCard(stainless);
    expect(await screen.findByTestId('mat-standard-parts-empty')).toHaveTextContent('没有标准规定用 06Cr19Ni10 制造的标准件');
    unmount();
    harness.server.requests.length = 0;
    renderCard({ ...stainless, component: { ...stainless.component, grade: null } } as unknown as ItemDetail);
    expect(screen.queryByTestId('mat-standard-parts')).toBeNull();
    expect(harness.server.requests).toHaveLength(0);
  });

  it('builds the parts search of a family', () => {
    expect(partSearchUrl({ category: 'ipe', designation: 'EN 10365' })).toBe('/part/search?category=ipe&package=EN+10365');
  });
});
