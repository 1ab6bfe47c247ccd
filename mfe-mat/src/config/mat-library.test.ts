import { matLibrary } from './mat-library';

describe('the materials library configuration', () => {
  it('has no manufacturer anywhere: no facet, no column, no overview row, no 厂商 pages', () => {
    expect(matLibrary.brands).toBe(false);
    expect(matLibrary.search.facets).not.toContain('manufacturer');
    expect(matLibrary.search.columns).not.toContain('manufacturer');
    expect(matLibrary.search.catalogueColumns).not.toContain('manufacturer');
    expect(matLibrary.listColumns).not.toContain('manufacturer');
    expect(matLibrary.detail.overview).not.toContain('manufacturer');
  });

  it('offers property ranges in the units mat-api reads', () => {
    expect(matLibrary.search.facets).toContain('ranges');
    const symbols = (key: string) => matLibrary.search.rangeUnits[key]?.map((unit) => unit.symbol);
    expect(symbols('yieldStrength')).toEqual(['MPa', 'GPa', 'ksi', 'psi']);
    expect(symbols('density')).toEqual(['g/cm³', 'kg/m³']);
    expect(symbols('meltingPoint')).toEqual(['°C', 'K', '°F']);
    expect(symbols('thermalConductivity')).toEqual(['W/(m·K)']);
    expect(symbols('thermalExpansion')).toEqual(['µm/(m·K)', 'm/m/K']);
  });

  it('fills the parameters, right-column and downloads (the CAE export) slots', () => {
    expect(matLibrary.detail.slots.parameters).toBeDefined();
    expect(matLibrary.detail.slots.drawings).toBeDefined();
    expect(matLibrary.detail.slots.downloads).toBeDefined();
    expect(matLibrary.detail.modelViewer).toBe(false);
  });
});
