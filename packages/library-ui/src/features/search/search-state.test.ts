import { DEFAULT_PAGE_SIZE, hasCriteria, readSearchState, withFilters, writeSearchState } from './search-state';

describe('search state in the URL', () => {
  it('reads the shell header search URL (pipe-joined tags)', () => {
    const state = readSearchState(new URLSearchParams('keyWords=10uF| 0603 ||&notAnalyzerKeyWords=10μF'));
    expect(state.keyWords).toEqual(['10uF', '0603']);
    expect(state.notAnalyzerKeyWords).toEqual(['10μF']);
    expect(state.pageNo).toBe(1);
    expect(state.pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(state.sort).toBe('relevance');
  });

  it('dedupes hand-typed URL tags like typed tags (case and units)', () => {
    const state = readSearchState(new URLSearchParams('keyWords=10uF|10μF|0603|0.01mF|stm32|STM32'));
    expect(state.keyWords).toEqual(['10uF', '0603', 'stm32']);
  });

  it('round-trips filters, sort and paging', () => {
    const query =
      'keyWords=LDO&category=ldo&manufacturer=Texas+Instruments%7CMurata&package=SOT-23-5&range=voltage%3A3V..3.4V&sort=-param%3Avoltage&pageNo=3&pageSize=50';
    const state = readSearchState(new URLSearchParams(query));
    expect(state).toMatchObject({
      category: 'ldo',
      manufacturers: ['Texas Instruments', 'Murata'],
      packages: ['SOT-23-5'],
      ranges: [{ dimension: 'voltage', min: { value: 3, prefix: '' }, max: { value: 3.4, prefix: '' } }],
      sort: '-param:voltage',
      pageNo: 3,
      pageSize: 50,
    });
    expect(readSearchState(writeSearchState(state))).toEqual(state);
  });

  it('ignores malformed paging and leaves defaults out of the URL', () => {
    const state = readSearchState(new URLSearchParams('keyWords=a&pageNo=-2&pageSize=7'));
    expect(state.pageNo).toBe(1);
    expect(state.pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(writeSearchState(state).toString()).toBe('keyWords=a');
  });

  it('goes back to page 1 when a filter changes', () => {
    const state = readSearchState(new URLSearchParams('keyWords=a&pageNo=4'));
    expect(withFilters(state, { packages: ['0603'] }).pageNo).toBe(1);
  });

  it('needs a keyword or a filter before searching', () => {
    expect(hasCriteria(readSearchState(new URLSearchParams('')))).toBe(false);
    expect(hasCriteria(readSearchState(new URLSearchParams('category=ldo')))).toBe(true);
  });
});
