import { boundToSi, parseRanges, rangeToClause, serializeRanges, validateRange, type RangeFilter } from './range';

describe('range filters', () => {
  const capacitance: RangeFilter = { dimension: 'capacitance', min: { value: 1, prefix: 'n' }, max: { value: 10, prefix: 'u' } };

  it('writes the API clause with unit prefix and symbol', () => {
    expect(rangeToClause(capacitance)).toBe('capacitance:1nF..10uF');
    expect(rangeToClause({ dimension: 'voltage', min: { value: 3.3, prefix: '' } })).toBe('voltage >= 3.3V');
    expect(rangeToClause({ dimension: 'resistance', max: { value: 4.7, prefix: 'k' } })).toBe('resistance <= 4.7kΩ');
  });

  it('reads back what it wrote', () => {
    const ranges: RangeFilter[] = [
      capacitance,
      { dimension: 'voltage', min: { value: 3, prefix: '' } },
      { dimension: 'frequency', max: { value: 16, prefix: 'M' } },
    ];
    expect(parseRanges(serializeRanges(ranges))).toEqual(ranges);
  });

  it('drops clauses it cannot read instead of guessing', () => {
    expect(parseRanges('capacitance:abc..1uF;mass:1kg..2kg;voltage:1V..2V')).toEqual([
      { dimension: 'voltage', min: { value: 1, prefix: '' }, max: { value: 2, prefix: '' } },
    ]);
    expect(parseRanges('')).toEqual([]);
    expect(parseRanges(null)).toEqual([]);
  });

  it('compares bounds across prefixes', () => {
    expect(boundToSi({ value: 10, prefix: 'u' })).toBeCloseTo(1e-5);
    expect(validateRange(capacitance)).toBeUndefined();
    expect(validateRange({ dimension: 'capacitance', min: { value: 1, prefix: 'u' }, max: { value: 100, prefix: 'n' } })).toBe('minAboveMax');
    expect(validateRange({ dimension: 'capacitance' })).toBe('noBound');
    expect(validateRange({ dimension: 'capacitance', min: { value: Number.NaN, prefix: '' } })).toBe('notFinite');
    expect(validateRange({ dimension: 'colour', min: { value: 1, prefix: '' } })).toBe('unknownDimension');
  });
});
