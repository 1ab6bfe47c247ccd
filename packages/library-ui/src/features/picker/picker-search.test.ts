import { pickerSearch } from './picker-search';

describe('picker search', () => {
  it('searches the picker text as one keyword, ten hits, and nothing when blank', () => {
    const search = pickerSearch('  AMS1117 ');
    expect(search?.keyWords).toEqual(['AMS1117']);
    expect(search?.pageSize).toBe(10);
    expect(search?.pageNo).toBe(1);
    expect(pickerSearch('   ')).toBeUndefined();
  });
});
