import { facetName } from './facet-name';

describe('facetName', () => {
  it('uses the English name in English, the Chinese name otherwise', () => {
    const capacitors = { value: 'mlcc', name: '贴片电容', nameEn: 'Multilayer Ceramic Capacitors', count: 3 };
    expect(facetName(capacitors, true)).toBe('Multilayer Ceramic Capacitors');
    expect(facetName(capacitors, false)).toBe('贴片电容');
  });

  it('falls back to the Chinese name, then the value, when a name is missing', () => {
    // The schema always has `nameEn`; a dimension without an English name sends it empty.
    expect(facetName({ value: 'voltage', name: '电压', nameEn: '' }, true)).toBe('电压');
    expect(facetName({ value: 'SOT-23', name: '', nameEn: '' }, true)).toBe('SOT-23');
  });
});
