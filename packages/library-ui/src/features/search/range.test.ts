import { boundToSi, isRangeDimension, parseRanges, rangeToClause, serializeRanges, validateRange, type RangeFilter } from './range';

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

describe("range filters in a library's own units", () => {
  const units = {
    yieldStrength: [
      { symbol: 'MPa', factor: 1e6 },
      { symbol: 'ksi', factor: 6.894757293e6 },
    ],
    meltingPoint: [
      { symbol: '°C', factor: 1 },
      { symbol: '°F', factor: 5 / 9, offset: -160 / 9 },
    ],
  };
  const ksi: RangeFilter = { dimension: 'yieldStrength', min: { value: 43.5, prefix: '', unit: 'ksi' } };

  it('writes the unit as typed and reads it back', () => {
    expect(rangeToClause(ksi)).toBe('yieldStrength >= 43.5ksi');
    const both: RangeFilter = { dimension: 'meltingPoint', min: { value: 1000, prefix: '', unit: '°C' }, max: { value: 3000, prefix: '', unit: '°F' } };
    expect(rangeToClause(both)).toBe('meltingPoint:1000°C..3000°F');
    expect(parseRanges(serializeRanges([ksi, both]), units)).toEqual([ksi, both]);
  });

  it('drops a unit the library does not offer for the parameter, and its parameters without the table', () => {
    expect(parseRanges('yieldStrength >= 3g/cm3;yieldStrength <= 500MPa', units)).toEqual([
      { dimension: 'yieldStrength', max: { value: 500, prefix: '', unit: 'MPa' } },
    ]);
    expect(parseRanges('yieldStrength >= 300MPa')).toEqual([]);
  });

  it("compares bounds across the library's units, with offsets", () => {
    expect(boundToSi({ value: 43.5, prefix: '', unit: 'ksi' }, 'yieldStrength', units)).toBeCloseTo(2.999e8, -6);
    expect(boundToSi({ value: 212, prefix: '', unit: '°F' }, 'meltingPoint', units)).toBeCloseTo(100);
    expect(
      validateRange({ dimension: 'yieldStrength', min: { value: 50, prefix: '', unit: 'ksi' }, max: { value: 300, prefix: '', unit: 'MPa' } }, units),
    ).toBe('minAboveMax');
    expect(
      validateRange({ dimension: 'yieldStrength', min: { value: 40, prefix: '', unit: 'ksi' }, max: { value: 300, prefix: '', unit: 'MPa' } }, units),
    ).toBeUndefined();
    expect(validateRange(ksi)).toBe('unknownDimension');
    expect(validateRange({ dimension: 'yieldStrength', min: { value: 1, prefix: '', unit: 'furlong' } }, units)).toBe('notFinite');
  });
});

describe('range filters on labelled parameters (the parts: l, d₁, C₀)', () => {
  const length: RangeFilter = { dimension: 'l', quantity: 'length', min: { value: 16, prefix: '', unit: 'mm' }, max: { value: 30, prefix: '', unit: 'mm' } };
  const washerBore: RangeFilter = {
    dimension: 'd₁',
    quantity: 'length',
    min: { value: 6, prefix: '', unit: 'mm' },
    max: { value: 0.3, prefix: '', unit: 'in' },
  };
  const staticLoad: RangeFilter = { dimension: 'C₀', quantity: 'force', min: { value: 10, prefix: '', unit: 'kN' } };
  const headDiameter: RangeFilter = { dimension: 'dk', quantity: 'length', max: { value: 10.5, prefix: '', unit: 'mm' } };

  it('writes the label with the unit as the server reads it', () => {
    expect(rangeToClause(length)).toBe('l:16mm..30mm');
    expect(rangeToClause(washerBore)).toBe('d₁:6mm..0.3in');
    expect(rangeToClause(staticLoad)).toBe('C₀ >= 10kN');
  });

  it('reads labels with subscripts back, their dimension from the units', () => {
    const ranges = [length, washerBore, staticLoad, headDiameter];
    expect(parseRanges(serializeRanges(ranges))).toEqual(ranges);
    // Through the URL, as the search page keeps it.
    const url = new URLSearchParams({ range: serializeRanges(ranges) }).toString();
    expect(parseRanges(new URLSearchParams(url).get('range'))).toEqual(ranges);
  });

  it('drops a label whose units are unknown, mixed across dimensions, or a key that is a dimension name', () => {
    expect(parseRanges('l:16furlong..30mm')).toEqual([]);
    expect(parseRanges('l:16mm..30kN')).toEqual([]);
    expect(parseRanges('l:16..30')).toEqual([]);
    // `mass` names a dimension the kit does not range over: not a label (the components' rule).
    expect(parseRanges('mass:1kg..2kg;length:1mm..2mm')).toEqual([]);
    // A kit dimension keeps its SI prefixes: `voltage:1mm..` is no label's range.
    expect(parseRanges('voltage:1mm..2mm')).toEqual([]);
  });

  it('compares bounds across the dimension’s units', () => {
    expect(boundToSi({ value: 1, prefix: '', unit: 'in' }, 'l', {}, 'length')).toBeCloseTo(0.0254);
    expect(validateRange(washerBore)).toBeUndefined();
    expect(validateRange({ ...washerBore, max: { value: 0.2, prefix: '', unit: 'in' } })).toBe('minAboveMax');
    expect(validateRange({ dimension: 'l', min: { value: 1, prefix: '', unit: 'mm' } })).toBe('unknownDimension');
    expect(validateRange({ dimension: 'l', quantity: 'length', min: { value: 1, prefix: '', unit: 'kN' } })).toBe('notFinite');
    expect(isRangeDimension('l', {}, 'length')).toBe(true);
    expect(isRangeDimension('mass', {}, 'mass')).toBe(false);
    expect(isRangeDimension('n', {}, 'dimensionless')).toBe(false);
  });
});
