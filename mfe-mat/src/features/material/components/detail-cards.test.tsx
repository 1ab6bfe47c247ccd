import { render, screen, within } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { LibraryConfigProvider, type ItemDetail } from '@portal/library-ui/items';
import { matLibrary } from '../../../config/mat-library';
import '../../../i18n';
import { testMaterial } from '../../../test/materials';
import { MaterialSideCards } from './material-side-cards';
import { PropertiesCard } from './properties-card';
import { compositionRows } from './composition-card';

vi.setConfig({ testTimeout: 30_000 });

const steel = testMaterial(
  5,
  'X5CrNi18-10',
  { youngsModulus: { typ: 2e11 }, yieldStrength: { min: 2.4e8, max: 2.8e8 }, density: { typ: 7900 } },
  { standard: 'EN 10088', grade: '06Cr19Ni10' },
);
steel.component.properties[1].condition = { heatTreatment: 'annealed' };
steel.component.properties[1].original = '240–280 MPa';
steel.component.composition = { Cr: 0.18, Fe: 0.72, Ni: 0.1 };
steel.component.materialNumber = '1.4301';
steel.equivalents = [
  { system: 'W.Nr.', designation: '1.4301', approximate: false },
  { system: 'JIS', designation: 'SUS304', approximate: true },
  { system: 'W.Nr.', designation: '1.4301', approximate: true },
];
steel.source = { id: 'Steel-X5CrNi18-10', license: 'LGPL-2.0-or-later', licenseNote: 'FreeCAD card', name: 'freecad', version: 'freecad-common 0.20.2' };
const item = steel as unknown as ItemDetail;

function renderSlot(slot: React.ReactNode) {
  // The router renders nothing outside its basename.
  window.history.replaceState(null, '', '/mat/detail/5');
  return render(
    <AppProviders basename="/mat">
      <LibraryConfigProvider config={matLibrary}>{slot}</LibraryConfigProvider>
    </AppProviders>,
  );
}

describe('the material detail slots', () => {
  it('lists the properties in order with names, units, ranges, conditions, source and licence', () => {
    renderSlot(<PropertiesCard item={item} />);
    const rows = within(screen.getByTestId('mat-properties-table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('密度7.9 g/cm³'),
      expect.stringContaining('弹性模量200 GPa'),
      expect.stringContaining('屈服强度240–280 MPa'),
    ]);
    expect(rows[2]).toHaveTextContent('热处理：annealed');
    expect(screen.getByTestId('mat-source')).toHaveTextContent('freecad（freecad-common 0.20.2），许可：LGPL-2.0-or-later — FreeCAD card');
  });

  it('marks the glossary equivalents approximate and the source number exact; shows the composition', () => {
    renderSlot(<MaterialSideCards item={item} />);
    expect(screen.getByTestId('mat-chinese-grade')).toHaveTextContent('06Cr19Ni10');
    expect(screen.getByTestId('mat-equivalent-approximate')).toHaveTextContent('≈ JIS SUS304');
    expect(screen.getByTestId('mat-equivalent-exact')).toHaveTextContent('W.Nr. 1.4301');
    expect(screen.getByTestId('mat-approximate-note')).toBeInTheDocument();
    expect(within(screen.getByTestId('mat-composition')).getAllByRole('row')[1]).toHaveTextContent('Fe72 %');
  });

  it('orders the composition by mass fraction', () => {
    expect(compositionRows({ Ni: 0.1, Fe: 0.72, Cr: 0.18 }).map((row) => row.symbol)).toEqual(['Fe', 'Cr', 'Ni']);
  });
});
