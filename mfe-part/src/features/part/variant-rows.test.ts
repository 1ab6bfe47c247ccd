import { hasLengths, pageOf, sizesOf, variantLabel, variantsOfSize } from './variant-rows';

const variants = [
  { id: 1, partNumber: 'ISO 4762 M5×10', size: 'M5-0.8', diameterMm: 5, lengthMm: 10 },
  { id: 2, partNumber: 'ISO 4762 M6×16', size: 'M6-1', diameterMm: 6, lengthMm: 16 },
  { id: 3, partNumber: 'ISO 4762 M6×20', size: 'M6-1', diameterMm: 6, lengthMm: 20 },
  { id: 4, partNumber: 'ISO 4762 M8×20', size: 'M8-1.25', diameterMm: 8, lengthMm: 20 },
];

describe('variant rows', () => {
  it('lists each size once in the given order', () => {
    expect(sizesOf(variants)).toEqual(['M5-0.8', 'M6-1', 'M8-1.25']);
  });

  it('filters by size, or keeps all', () => {
    expect(variantsOfSize(variants, 'M6-1').map((variant) => variant.id)).toEqual([2, 3]);
    expect(variantsOfSize(variants, undefined)).toHaveLength(4);
  });

  it('finds the page that holds the current variant', () => {
    expect(pageOf(variants, 3, 2)).toBe(2);
    expect(pageOf(variants, 1, 2)).toBe(1);
    expect(pageOf(variants, 99, 2)).toBe(1);
  });

  it('drops the standard from a compact label', () => {
    expect(variantLabel(variants[2], 'ISO 4762')).toBe('M6×20');
    expect(variantLabel({ ...variants[2], partNumber: '6200' }, 'SKT')).toBe('6200');
  });

  it('tells parts with lengths from those without', () => {
    expect(hasLengths(variants)).toBe(true);
    expect(hasLengths([{ id: 9, partNumber: 'IPE100', size: 'IPE100', diameterMm: 3, lengthMm: null }])).toBe(false);
  });
});
