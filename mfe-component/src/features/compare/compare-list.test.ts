import { act, renderHook } from '@testing-library/react';
import {
  addToCompare,
  clearCompare,
  COMPARE_STORAGE_KEY,
  compareSelection,
  getCompareIds,
  MAX_COMPARE,
  removeFromCompare,
  useCompareIds,
} from './compare-list';

afterEach(() => localStorage.clear());

describe('compare basket', () => {
  it('keeps ids in local storage (it survives reloads), at most ten, no repeats', () => {
    expect(MAX_COMPARE).toBe(10);
    expect(addToCompare(1)).toBe('added');
    expect(addToCompare(1)).toBe('already');
    for (const id of [2, 3, 4, 5, 6, 7, 8, 9, 10]) expect(addToCompare(id)).toBe('added');
    expect(addToCompare(11)).toBe('full');
    expect(getCompareIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY) ?? '[]')).toHaveLength(MAX_COMPARE);
    removeFromCompare(3);
    expect(getCompareIds()).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
    expect(addToCompare(11)).toBe('added');
    clearCompare();
    expect(getCompareIds()).toEqual([]);
  });

  it('treats a corrupt entry as empty', () => {
    localStorage.setItem(COMPARE_STORAGE_KEY, '{not json');
    expect(getCompareIds()).toEqual([]);
    localStorage.setItem(COMPARE_STORAGE_KEY, '[1,"x",-3,1,2]');
    expect(getCompareIds()).toEqual([1, 2]);
  });

  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => useCompareIds());
    expect(result.current).toEqual([]);
    act(() => {
      localStorage.setItem(COMPARE_STORAGE_KEY, '[7,8]');
      window.dispatchEvent(new StorageEvent('storage', { key: COMPARE_STORAGE_KEY }));
    });
    expect(result.current).toEqual([7, 8]);
  });
});

describe('parameter comparison selection', () => {
  it('takes ?ids= when given, else the whole basket', () => {
    expect(compareSelection(null, [4, 5])).toEqual([4, 5]);
    expect(compareSelection('3, 1,2,3,x,-1,0', [4, 5])).toEqual([3, 1, 2]);
    expect(compareSelection('', [4, 5])).toEqual([]);
    expect(compareSelection('1,2,3,4,5,6,7,8,9,10,11', [])).toHaveLength(10);
  });
});
