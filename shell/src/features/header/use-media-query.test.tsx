import { act, renderHook } from '@testing-library/react';
import { NAV_FOLD_QUERY } from '../../app/rules/screen';
import { useMediaQuery } from './use-media-query';

/** A matchMedia for one window width that answers `(max-width: N px)` queries and reports resizes. */
function fakeWindow(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  const matches = (query: string) => width <= Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity);
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    resize(next: number) {
      width = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
    restore: () => (window.matchMedia = original),
  };
}

describe('useMediaQuery with the header’s nav fold query', () => {
  it('folds the nav below the laptop width of 1280 px and follows resizes', () => {
    const fake = fakeWindow(1024);
    try {
      const { result, unmount } = renderHook(() => useMediaQuery(NAV_FOLD_QUERY));
      expect(result.current).toBe(true);
      act(() => fake.resize(1280));
      expect(result.current).toBe(false);
      act(() => fake.resize(1279));
      expect(result.current).toBe(true);
      act(() => fake.resize(768));
      expect(result.current).toBe(true);
      unmount();
      // No listener is left behind on the window.
      expect(fake.listeners.size).toBe(0);
    } finally {
      fake.restore();
    }
  });

  it('keeps every nav item from 1280 px on', () => {
    const fake = fakeWindow(1440);
    try {
      const { result } = renderHook(() => useMediaQuery(NAV_FOLD_QUERY));
      expect(result.current).toBe(false);
    } finally {
      fake.restore();
    }
  });
});
