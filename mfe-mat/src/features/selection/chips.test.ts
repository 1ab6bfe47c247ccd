import { boundsText, constraintsFromRows, rowsFromParsed } from './chips';

describe('chips ↔ constraints', () => {
  it('shows parsed SI bounds in each property default unit', () => {
    const rows = rowsFromParsed([
      { property: 'density', max: 3000, unit: 'kg/m³' },
      { property: 'yieldStrength', min: 2e8, unit: 'Pa' },
      { property: 'meltingPoint', min: 773.15, unit: 'K' },
    ]);
    expect(rows.map((row) => [row.property, row.min, row.max, row.unit])).toEqual([
      ['density', undefined, 3, 'g/cm³'],
      ['yieldStrength', 200, undefined, 'MPa'],
      ['meltingPoint', 500, undefined, '°C'],
    ]);
    expect(rows.map(boundsText)).toEqual(['≤ 3 g/cm³', '≥ 200 MPa', '≥ 500 °C']);
  });

  it('sends rows back in SI, dropping rows without bounds', () => {
    const rows = rowsFromParsed([{ property: 'density', max: 3000, unit: 'kg/m³' }]);
    expect(constraintsFromRows([...rows, { key: 'x', property: 'elongation', min: 10, unit: '%' }, { key: 'y', property: 'cost', unit: '/kg' }])).toEqual([
      { property: 'density', max: 3000 },
      { property: 'elongation', min: 0.1 },
    ]);
    expect(constraintsFromRows([{ key: 'z', property: 'yieldStrength', min: 30, max: 50, unit: 'ksi' }])[0].min).toBeCloseTo(206.84e6, -4);
  });
});
