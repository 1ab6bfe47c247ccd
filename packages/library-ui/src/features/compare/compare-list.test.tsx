import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { defineLibraryConfig, LibraryConfigProvider } from '../../config/library-config';
import { compareListFor, compareSelection, MAX_COMPARE, useCompareIds } from './compare-list';

const COMPONENT_KEY = 'portal_component_compare';

afterEach(() => localStorage.clear());

describe('compare basket', () => {
  it('keeps ids in local storage (it survives reloads), at most ten, no repeats', () => {
    const basket = compareListFor(COMPONENT_KEY);
    expect(MAX_COMPARE).toBe(10);
    expect(basket.add(1)).toBe('added');
    expect(basket.add(1)).toBe('already');
    for (const id of [2, 3, 4, 5, 6, 7, 8, 9, 10]) expect(basket.add(id)).toBe('added');
    expect(basket.add(11)).toBe('full');
    expect(basket.getIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(JSON.parse(localStorage.getItem(COMPONENT_KEY) ?? '[]')).toHaveLength(MAX_COMPARE);
    basket.remove(3);
    expect(basket.getIds()).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
    expect(basket.add(11)).toBe('added');
    basket.clear();
    expect(basket.getIds()).toEqual([]);
  });

  it('treats a corrupt entry as empty', () => {
    const basket = compareListFor(COMPONENT_KEY);
    localStorage.setItem(COMPONENT_KEY, '{not json');
    expect(basket.getIds()).toEqual([]);
    localStorage.setItem(COMPONENT_KEY, '[1,"x",-3,1,2]');
    expect(basket.getIds()).toEqual([1, 2]);
  });

  it('keeps one basket per library', () => {
    compareListFor(COMPONENT_KEY).add(1);
    compareListFor('portal_mat_compare').add(2);
    expect(compareListFor(COMPONENT_KEY).getIds()).toEqual([1]);
    expect(compareListFor('portal_mat_compare').getIds()).toEqual([2]);
    expect(compareListFor(COMPONENT_KEY)).toBe(compareListFor(COMPONENT_KEY));
  });

  it('follows a change made in another tab, in the basket of the page’s library', () => {
    const config = defineLibraryConfig('component');
    expect(config.compareStorageKey).toBe(COMPONENT_KEY);
    const wrapper = ({ children }: { children: ReactNode }) => <LibraryConfigProvider config={config}>{children}</LibraryConfigProvider>;
    const { result } = renderHook(() => useCompareIds(), { wrapper });
    expect(result.current).toEqual([]);
    act(() => {
      localStorage.setItem(COMPONENT_KEY, '[7,8]');
      window.dispatchEvent(new StorageEvent('storage', { key: COMPONENT_KEY }));
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
