import { MAT_RANGE_UNITS, formatNumber, fromCanonical } from './property-units';
import { formatValue, formatWithUnit, representativeValue, unitFor } from './property-values';

describe('material property values', () => {
  it('shows a value in the default unit of its property', () => {
    expect(formatWithUnit({ key: 'youngsModulus', typ: 2.1e11 }, unitFor('youngsModulus'))).toBe('210 GPa');
    expect(formatWithUnit({ key: 'yieldStrength', min: 2.4e8, max: 2.8e8 }, unitFor('yieldStrength'))).toBe('240–280 MPa');
    expect(formatWithUnit({ key: 'density', typ: 7930 }, unitFor('density'))).toBe('7.93 g/cm³');
    expect(formatWithUnit({ key: 'elongation', typ: 0.22 }, unitFor('elongation'))).toBe('22 %');
    expect(formatWithUnit({ key: 'poissonRatio', typ: 0.3 }, unitFor('poissonRatio'))).toBe('0.3');
  });

  it('writes one-sided values as bounds and leaves an empty one out', () => {
    expect(formatValue({ key: 'yieldStrength', max: 2.8e8 }, unitFor('yieldStrength'))).toBe('≤ 280');
    expect(formatValue({ key: 'yieldStrength', min: 2.8e8 }, unitFor('yieldStrength'))).toBe('≥ 280');
    expect(formatValue({ key: 'yieldStrength' }, unitFor('yieldStrength'))).toBeUndefined();
  });

  it('switches units: ksi, kg/m³, K and °F', () => {
    expect(formatValue({ key: 'yieldStrength', typ: 3e8 }, unitFor('yieldStrength', 'ksi'))).toBe('43.51');
    expect(formatValue({ key: 'density', typ: 7930 }, unitFor('density', 'kg/m³'))).toBe('7930');
    expect(formatValue({ key: 'meltingPoint', typ: 1000 }, unitFor('meltingPoint', 'K'))).toBe('1273');
    expect(formatValue({ key: 'meltingPoint', typ: 100 }, unitFor('meltingPoint', '°F'))).toBe('212');
    // A unit of another property falls back to the property's default.
    expect(unitFor('density', 'MPa')?.symbol).toBe('g/cm³');
  });

  it('converts back and forth with the range filter', () => {
    for (const [key, units] of Object.entries(MAT_RANGE_UNITS)) {
      for (const unit of units) {
        const canonical = unit.factor * 12.5 + (unit.offset ?? 0);
        expect(fromCanonical(canonical, unit), `${key} ${unit.symbol}`).toBeCloseTo(12.5, 9);
      }
    }
  });

  it('gives charts one number per property', () => {
    expect(representativeValue({ key: 'x', typ: 3 })).toBe(3);
    expect(representativeValue({ key: 'x', min: 2, max: 4 })).toBe(3);
    expect(representativeValue({ key: 'x', max: 4 })).toBe(4);
    expect(representativeValue({ key: 'x' })).toBeUndefined();
  });

  it('rounds to four significant digits', () => {
    expect(formatNumber(210)).toBe('210');
    expect(formatNumber(0.30000000004)).toBe('0.3');
    expect(formatNumber(1.7e-5)).toBe('1.7e-5');
    expect(formatNumber(0)).toBe('0');
  });
});
