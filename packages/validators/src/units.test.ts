import { buildSearchQuery, normalizeUnitKeyword, sameUnitValue, unitKeywordValue } from './units';

describe('normalizeUnitKeyword', () => {
  it.each([
    ['10uf', '10μF'],
    ['10UF', '10μF'],
    ['10µF', '10μF'],
    ['10ΜF', '10μF'],
    ['4.7NH', '4.7nH'],
    ['1f', '1F'],
    ['100 mh', '100mH'],
    ['22pf', '22pF'],
    ['.1uF', '.1μF'],
    ['10MF', '10mF'],
    ['3.3uH', '3.3μH'],
    ['2H', '2H'],
    [' 47nf ', '47nF'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnitKeyword(input)).toBe(expected);
  });

  it.each(['10k', '电阻', '10pH', 'uF', '10 uF x', '1.2.3uF', '10kF', '', 'STM32F103'])('leaves %s alone', (input) => {
    expect(normalizeUnitKeyword(input)).toBeUndefined();
  });
});

describe('buildSearchQuery', () => {
  it('joins tags with | and adds the normalised unit variants', () => {
    expect(buildSearchQuery(['电容', '10uf', '50V', '10UF'])).toEqual({
      keyWords: '电容|10uf|50V|10UF',
      notAnalyzerKeyWords: '10μF',
    });
    expect(buildSearchQuery(['4.7nh', '100 mh'])).toEqual({ keyWords: '4.7nh|100 mh', notAnalyzerKeyWords: '4.7nH|100mH' });
  });
  it('omits notAnalyzerKeyWords when no tag is a unit value and drops empty tags', () => {
    expect(buildSearchQuery(['螺钉', ' ', 'M3'])).toEqual({ keyWords: '螺钉|M3' });
    expect('notAnalyzerKeyWords' in buildSearchQuery(['螺钉'])).toBe(false);
  });
});

describe('unit values', () => {
  it('reads a unit keyword as its SI value', () => {
    expect(unitKeywordValue('10uF')?.unit).toBe('F');
    expect(unitKeywordValue('10uF')?.value).toBeCloseTo(10e-6, 15);
    expect(unitKeywordValue('4.7NH')?.unit).toBe('H');
    expect(unitKeywordValue('0603')).toBeUndefined();
  });
  it('judges 10uF, 10μF, 10 µF, 0.01mF and 10000nF the same value', () => {
    for (const other of ['10μF', '10 µF', '0.01mF', '10000nF', '10UF']) expect(sameUnitValue('10uF', other)).toBe(true);
    expect(sameUnitValue('10uF', '10nF')).toBe(false);
    expect(sameUnitValue('10uF', '10uH')).toBe(false);
    expect(sameUnitValue('10', '10')).toBe(false);
  });
});
