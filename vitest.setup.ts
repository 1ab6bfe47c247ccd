import '@testing-library/jest-dom/vitest';

// antd's responsive observers need matchMedia, which jsdom does not provide (a test in the node
// environment has no window at all).
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd's Table, Tabs and responsive parts measure themselves; jsdom has no ResizeObserver (and no layout,
// so nothing would ever be reported anyway).
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}
