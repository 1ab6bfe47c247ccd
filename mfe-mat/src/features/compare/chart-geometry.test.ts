import { barData, niceCeiling, radarData, radarPoint } from './chart-geometry';
import { compareLines } from './compare-lines';
import { testMaterial } from '../../test/materials';

const light = testMaterial(1, '6061-T6', {
  density: { typ: 2700 },
  youngsModulus: { typ: 6.9e10 },
  yieldStrength: { typ: 2.76e8 },
  tensileStrength: { typ: 3.1e8 },
});
const heavy = testMaterial(2, '304', {
  density: { typ: 7930 },
  youngsModulus: { typ: 1.93e11 },
  yieldStrength: { typ: 2.05e8 },
  tensileStrength: { typ: 5.15e8 },
  meltingPoint: { typ: 1400 },
});

describe('compare charts', () => {
  it('normalises each radar axis by its largest value and leaves out properties not every material states', () => {
    const radar = radarData(compareLines([light, heavy]));
    expect(radar?.axes).toEqual(['density', 'youngsModulus', 'yieldStrength', 'tensileStrength']);
    expect(radar?.series[1][0]).toBe(1);
    expect(radar?.series[0][0]).toBeCloseTo(2700 / 7930);
    expect(radar?.series[0][2]).toBe(1);
    expect(radar?.series[1][2]).toBeCloseTo(205 / 276);
    for (const values of radar?.series ?? []) for (const value of values) expect(value).toBeGreaterThanOrEqual(0);
  });

  it('draws no radar with fewer than three shared properties', () => {
    const sparse = testMaterial(3, 'x', { density: { typ: 1000 }, meltingPoint: { typ: 100 } });
    expect(radarData(compareLines([light, sparse]))).toBeUndefined();
  });

  it('places the first axis straight up and the others clockwise', () => {
    const [x, y] = radarPoint(0, 4, 1, 100, 160);
    expect(x).toBeCloseTo(160);
    expect(y).toBeCloseTo(60);
    const [x1, y1] = radarPoint(1, 4, 0.5, 100, 160);
    expect(x1).toBeCloseTo(210);
    expect(y1).toBeCloseTo(160);
  });

  it('rounds a bar axis up to 1, 2 or 5 × 10ⁿ', () => {
    expect(niceCeiling(515)).toBe(1000);
    expect(niceCeiling(193)).toBe(200);
    expect(niceCeiling(7.93)).toBe(10);
    expect(niceCeiling(0.042)).toBeCloseTo(0.05);
    expect(niceCeiling(200)).toBe(200);
    expect(niceCeiling(0)).toBe(1);
  });

  it('gives one bar chart per property two materials state, in the shown unit', () => {
    const bars = barData(compareLines([light, heavy]));
    expect(bars.map((bar) => bar.key)).toEqual(['density', 'youngsModulus', 'yieldStrength', 'tensileStrength']);
    const tensile = bars.find((bar) => bar.key === 'tensileStrength');
    expect(tensile?.unit).toBe('MPa');
    expect(tensile?.scaleMax).toBe(1000);
    expect(tensile?.bars[1]?.value).toBeCloseTo(515);
    expect(tensile?.bars[1]?.fraction).toBeCloseTo(0.515);
    const inKsi = barData(compareLines([light, heavy], { stress: 'ksi' })).find((bar) => bar.key === 'tensileStrength');
    expect(inKsi?.unit).toBe('ksi');
    expect(inKsi?.bars[1]?.value).toBeCloseTo(74.69, 1);
  });
});
