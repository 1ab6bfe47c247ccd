import { addToCompare, COMPARE_STORAGE_KEY, getCompareIds, MAX_COMPARE, removeFromCompare } from './compare-list';

afterEach(() => sessionStorage.clear());

describe('compare list', () => {
  it('keeps ids in session storage, at most five, no repeats', () => {
    expect(addToCompare(1)).toBe('added');
    expect(addToCompare(1)).toBe('already');
    for (const id of [2, 3, 4, 5]) addToCompare(id);
    expect(addToCompare(6)).toBe('full');
    expect(getCompareIds()).toEqual([1, 2, 3, 4, 5]);
    expect(JSON.parse(sessionStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]')).toHaveLength(MAX_COMPARE);
    removeFromCompare(3);
    expect(getCompareIds()).toEqual([1, 2, 4, 5]);
  });

  it('treats a corrupt entry as empty', () => {
    sessionStorage.setItem(COMPARE_STORAGE_KEY, '{not json');
    expect(getCompareIds()).toEqual([]);
    sessionStorage.setItem(COMPARE_STORAGE_KEY, '[1,"x",-3,1,2]');
    expect(getCompareIds()).toEqual([1, 2]);
  });
});
