import { decadeTicks, logScale, project } from './chart-scale';

describe('Ashby chart log scale', () => {
  it('covers the values with whole decades and projects logarithmically', () => {
    const scale = logScale([1200, 7850, 0, -1], 0, 100);
    expect([scale.low, scale.high]).toEqual([3, 4]);
    expect(project(scale, 1000)).toBe(0);
    expect(project(scale, 10000)).toBe(100);
    expect(project(scale, Math.sqrt(10) * 1000)).toBeCloseTo(50);
    expect(decadeTicks(scale)).toEqual([1000, 10000]);
  });

  it('inverts for a y axis and clamps outside values', () => {
    const scale = logScale([1e9, 4e11], 400, 0);
    expect([scale.low, scale.high]).toEqual([9, 12]);
    expect(project(scale, 1e9)).toBe(400);
    expect(project(scale, 1e15)).toBe(0);
  });

  it('has one decade at least, and a default without values', () => {
    expect(logScale([100], 0, 1)).toMatchObject({ low: 2, high: 3 });
    expect(logScale([], 0, 1)).toMatchObject({ low: 0, high: 1 });
  });
});
