import { clearCookieDomainCache } from './cookieDomain';
import { isEmbeddedFrame, readCookie, readJson, removeCookie, safeLocalStorage, safeSessionStorage, writeCookie, writeJson } from './storage';
import { clearAllCookies, pretendEmbedded, setPageUrl } from './testUtils';

afterEach(() => {
  clearAllCookies();
  localStorage.clear();
  sessionStorage.clear();
  setPageUrl('http://localhost:3000/');
  clearCookieDomainCache();
  vi.useRealTimers();
});

describe('isEmbeddedFrame', () => {
  it('is false in a top-level page and true inside a frame', () => {
    expect(isEmbeddedFrame()).toBe(false);
    const undo = pretendEmbedded();
    try {
      expect(isEmbeddedFrame()).toBe(true);
    } finally {
      undo();
    }
  });
});

describe('writeCookie / readCookie / removeCookie', () => {
  it('round-trips a value', () => {
    writeCookie('k', 'v 1', { expiresDays: 1 });
    expect(readCookie('k')).toBe('v 1');
    removeCookie('k');
    expect(readCookie('k')).toBeUndefined();
  });

  it('writes to the parent domain so sibling hosts see it', () => {
    setPageUrl('http://www.example.com/');
    writeCookie('shared', 'yes', { expiresDays: 1 });
    setPageUrl('http://open.example.com/');
    expect(readCookie('shared')).toBe('yes');
    removeCookie('shared');
    expect(readCookie('shared')).toBeUndefined();
  });

  it('keeps a host-only cookie on its host when asked', () => {
    setPageUrl('http://www.example.com/');
    writeCookie('local', 'yes', { shareWithParentDomain: false });
    setPageUrl('http://open.example.com/');
    expect(readCookie('local')).toBeUndefined();
  });

  it('mirrors into localStorage in an embedded frame and reads the mirror when cookies are blocked', () => {
    const undo = pretendEmbedded();
    try {
      writeCookie('token', 'abc', { expiresDays: 1 });
      expect(localStorage.getItem('portal_cookie:token')).toContain('abc');
      clearAllCookies(); // what a browser blocking third-party cookies looks like
      expect(readCookie('token')).toBe('abc');
      removeCookie('token');
      expect(readCookie('token')).toBeUndefined();
      expect(localStorage.getItem('portal_cookie:token')).toBeNull();
    } finally {
      undo();
    }
  });

  it('ignores an expired mirror', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const undo = pretendEmbedded();
    try {
      writeCookie('short', 'x', { expiresDays: 1 / 86_400 }); // one second
      clearAllCookies();
      vi.setSystemTime(1_000_000 + 2_000);
      expect(readCookie('short')).toBeUndefined();
    } finally {
      undo();
    }
  });

  it('does not consult the mirror in a top-level page', () => {
    localStorage.setItem('portal_cookie:token', JSON.stringify({ value: 'stale', expiresAt: null }));
    expect(readCookie('token')).toBeUndefined();
  });
});

describe('safeLocalStorage / safeSessionStorage', () => {
  it('return the browser storages', () => {
    expect(safeLocalStorage()).toBe(localStorage);
    expect(safeSessionStorage()).toBe(sessionStorage);
  });
  it('return undefined when storage access throws', () => {
    const spy = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(safeLocalStorage()).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('readJson / writeJson', () => {
  it('round-trips JSON and treats corrupt or missing values as undefined', () => {
    writeJson(localStorage, 'j', { a: [1, 2] });
    expect(readJson(localStorage, 'j')).toEqual({ a: [1, 2] });
    localStorage.setItem('bad', '{not json');
    expect(readJson(localStorage, 'bad')).toBeUndefined();
    expect(readJson(localStorage, 'missing')).toBeUndefined();
    expect(readJson(undefined, 'j')).toBeUndefined();
  });
});
