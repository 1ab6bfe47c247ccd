import { compareCsv, compareLines, unitGroupsOf } from './compare-lines';
import { testMaterial } from '../../test/materials';

const steel304 = testMaterial(
  1,
  '304',
  { density: { typ: 7930 }, yieldStrength: { typ: 2.05e8 }, youngsModulus: { typ: 1.93e11 } },
  { standard: 'ASTM A240', grade: '06Cr19Ni10' },
);
const steel316 = testMaterial(
  2,
  '316L',
  { density: { typ: 7980 }, yieldStrength: { min: 1.7e8, max: 2.1e8 }, youngsModulus: { typ: 1.93e11 } },
  { standard: 'ASTM A240' },
);
const q235 = testMaterial(3, 'Q235', { density: { typ: 7850 }, yieldStrength: { typ: 2.35e8 }, meltingPoint: { typ: 1500 } });

describe('material comparison rows', () => {
  it('lists record rows, then every property in the properties order, each in its default unit', () => {
    const lines = compareLines([steel304, steel316, q235]);
    expect(lines.map((line) => line.key)).toEqual(['category', 'standard', 'grade', 'source', 'density', 'youngsModulus', 'yieldStrength', 'meltingPoint']);
    const yieldLine = lines.find((line) => line.key === 'yieldStrength');
    expect(yieldLine?.unit?.symbol).toBe('MPa');
    expect(yieldLine?.values).toEqual(['205', '170–210', '235']);
    // A range's middle for the charts.
    expect(yieldLine?.numbers).toEqual([2.05e8, 1.9e8, 2.35e8]);
  });

  it('highlights a row whose values differ, a value stated by some materials only included', () => {
    const lines = compareLines([steel304, steel316, q235]);
    const differs = Object.fromEntries(lines.map((line) => [line.key, line.differs]));
    expect(differs.youngsModulus).toBe(true); // Q235 states none
    expect(differs.category).toBe(false);
    expect(differs.standard).toBe(true);
    expect(compareLines([steel304, steel316]).find((line) => line.key === 'youngsModulus')?.differs).toBe(false);
  });

  it('switches a group of units at once', () => {
    const lines = compareLines([steel304, q235], { stress: 'ksi', density: 'kg/m³', temperature: '°F' });
    expect(lines.find((line) => line.key === 'yieldStrength')?.values).toEqual(['29.73', '34.08']);
    expect(lines.find((line) => line.key === 'density')?.values).toEqual(['7930', '7850']);
    expect(lines.find((line) => line.key === 'meltingPoint')?.values).toEqual([undefined, '2732']);
    // The modulus has its own group: still GPa.
    expect(lines.find((line) => line.key === 'youngsModulus')?.values).toEqual(['193', undefined]);
    expect(unitGroupsOf(lines)).toEqual(['density', 'modulus', 'stress', 'temperature']);
  });

  it('writes CSV with a byte-order mark, units, quoted cells and empty missing values', () => {
    const lines = compareLines([steel304, q235]).filter((line) => ['standard', 'yieldStrength', 'meltingPoint'].includes(line.key));
    const csv = compareCsv(lines, ['304', 'Q235, hot rolled'], (line) => (line.key === 'standard' ? '标准' : line.key), { attribute: '属性', unit: '单位' });
    expect(csv).toBe('\ufeff属性,单位,304,"Q235, hot rolled"\r\n标准,,ASTM A240,\r\nyieldStrength,MPa,205,235\r\nmeltingPoint,°C,,1500\r\n');
  });
});
