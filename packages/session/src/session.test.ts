import Cookies from 'js-cookie';
import { clearCookieDomainCache } from './cookieDomain';
import { COOKIE_KEYS } from './keys';
import {
  claimReloadGuard,
  clearFrontLogQueue,
  clearPluginState,
  clearTenantId,
  clearToken,
  getChannel,
  getFrom,
  getHeadType,
  getLastActivity,
  getLoginActiveTab,
  getMode,
  getPluginState,
  getRefreshToken,
  getSelectedPlatform,
  getTenantId,
  getToken,
  getTokenExpires,
  HEAD_TYPE,
  isSessionExpired,
  readFrontLogQueue,
  setChannel,
  setFrom,
  setHeadType,
  setLoginActiveTab,
  setMode,
  setPluginState,
  setSelectedPlatform,
  setTenantId,
  setToken,
  toggleMode,
  touchActivity,
  writeFrontLogQueue,
} from './session';
import { clearAllCookies, pretendEmbedded, setPageUrl } from './testUtils';

afterEach(() => {
  clearToken();
  clearAllCookies();
  localStorage.clear();
  sessionStorage.clear();
  setPageUrl('http://localhost:3000/');
  clearCookieDomainCache();
  vi.useRealTimers();
});

describe('tokens', () => {
  it('setToken stores both tokens and the expiry; getters read them back', () => {
    setToken({ accessToken: 'a1', refreshToken: 'r1', expiresTime: 1_700_000_000_000 });
    expect(getToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
    expect(getTokenExpires()).toBe(1_700_000_000_000);
  });

  it('setToken without expiresTime drops an older expiry and stamps activity', () => {
    setToken({ accessToken: 'a1', refreshToken: 'r1', expiresTime: 5 });
    setToken({ accessToken: 'a2', refreshToken: 'r2' });
    expect(getTokenExpires()).toBeUndefined();
    expect(getLastActivity()).toBeGreaterThan(0);
  });

  it('setToken refuses an empty access token', () => {
    expect(() => setToken({ accessToken: '', refreshToken: 'r' })).toThrow(/accessToken/);
  });

  it('setToken keeps the stored refresh token when a refresh answer has none', () => {
    setToken({ accessToken: 'a1', refreshToken: 'r1' });
    setToken({ accessToken: 'a2', refreshToken: '' });
    expect(getToken()).toBe('a2');
    expect(getRefreshToken()).toBe('r1');
  });

  it('clearToken removes every token cookie', () => {
    setToken({ accessToken: 'a1', refreshToken: 'r1', expiresTime: 9 });
    clearToken();
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(getTokenExpires()).toBeUndefined();
    expect(getLastActivity()).toBeUndefined();
  });

  it('token cookies are shared across the parent domain for 30 days', () => {
    setPageUrl('https://www.example.com/');
    const set = vi.spyOn(Cookies, 'set');
    setToken({ accessToken: 'a1', refreshToken: 'r1' });
    expect(set).toHaveBeenCalledWith(COOKIE_KEYS.accessToken, 'a1', expect.objectContaining({ domain: '.example.com', expires: 30, path: '/', secure: true }));
    set.mockRestore();
  });

  it('token cookies are SameSite=Lax and Secure under HTTPS, SameSite=None inside a plugin frame', () => {
    const set = vi.spyOn(Cookies, 'set');
    setPageUrl('https://www.example.com/');
    setToken({ accessToken: 'a1', refreshToken: 'r1' });
    expect(set).toHaveBeenCalledWith(COOKIE_KEYS.accessToken, 'a1', expect.objectContaining({ secure: true, sameSite: 'Lax' }));
    set.mockClear();
    const undo = pretendEmbedded();
    try {
      setToken({ accessToken: 'a2', refreshToken: 'r2' });
      expect(set).toHaveBeenCalledWith(COOKIE_KEYS.accessToken, 'a2', expect.objectContaining({ secure: true, sameSite: 'None' }));
    } finally {
      undo();
    }
    set.mockClear();
    // Plain HTTP (development): a Secure cookie would not be stored at all.
    setPageUrl('http://localhost:3000/');
    setToken({ accessToken: 'a3', refreshToken: 'r3' });
    const attributes = set.mock.calls.find(([name]) => name === COOKIE_KEYS.accessToken)?.[2];
    expect(attributes?.secure).toBeUndefined();
    expect(attributes?.sameSite).toBeUndefined();
    set.mockRestore();
  });
});

describe('activity and expiry', () => {
  it('touchActivity writes at most once per second', () => {
    expect(touchActivity(10_000)).toBe(true);
    expect(touchActivity(10_500)).toBe(false);
    expect(getLastActivity()).toBe(10_000);
    expect(touchActivity(11_000)).toBe(true);
    expect(getLastActivity()).toBe(11_000);
  });

  it('touchActivity can be forced', () => {
    touchActivity(20_000);
    expect(touchActivity(20_001, { force: true })).toBe(true);
    expect(getLastActivity()).toBe(20_001);
  });

  it('getLastActivity ignores garbage', () => {
    Cookies.set(COOKIE_KEYS.lastActivity, 'soon');
    expect(getLastActivity()).toBeUndefined();
  });

  it('isSessionExpired compares the age since the last activity with the expiry in minutes', () => {
    setToken({ accessToken: 'a', refreshToken: 'r' });
    touchActivity(1_000_000, { force: true });
    expect(isSessionExpired(30, 1_000_000 + 30 * 60_000)).toBe(false);
    expect(isSessionExpired(30, 1_000_000 + 30 * 60_000 + 1)).toBe(true);
  });

  it('isSessionExpired is false without a session or without a usable expiry', () => {
    touchActivity(0, { force: true });
    expect(isSessionExpired(30, 10 ** 12)).toBe(false);
    setToken({ accessToken: 'a', refreshToken: 'r' });
    expect(isSessionExpired(0, 10 ** 15)).toBe(false);
    expect(isSessionExpired(Number.NaN, 10 ** 15)).toBe(false);
  });

  it('isSessionExpired treats a missing stamp as expired', () => {
    setToken({ accessToken: 'a', refreshToken: 'r' });
    Cookies.remove(COOKIE_KEYS.lastActivity, { path: '/' });
    expect(isSessionExpired(30, Date.now())).toBe(true);
  });
});

describe('tenant', () => {
  it('getTenantId prefers the Org-Id cookie, then the _companyId query parameter', () => {
    expect(getTenantId('?_companyId=77')).toBe('77');
    setTenantId(12);
    expect(getTenantId('?_companyId=77')).toBe('12');
    clearTenantId();
    expect(getTenantId('')).toBeUndefined();
  });

  it('setTenantId keeps the company for 30 days', () => {
    const set = vi.spyOn(Cookies, 'set');
    setTenantId('5');
    expect(set).toHaveBeenCalledWith('Org-Id', '5', expect.objectContaining({ expires: 30 }));
    set.mockRestore();
  });

  it('getTenantId reads the page query by default', () => {
    setPageUrl('http://localhost:3000/part?_companyId=31');
    expect(getTenantId()).toBe('31');
  });
});

describe('from cookie', () => {
  it('lives one day by default, or the configured minutes', () => {
    const set = vi.spyOn(Cookies, 'set');
    setFrom('baidu');
    expect(set).toHaveBeenLastCalledWith('from', 'baidu', expect.objectContaining({ expires: 1 }));
    setFrom('wechat', 720);
    expect(set).toHaveBeenLastCalledWith('from', 'wechat', expect.objectContaining({ expires: 0.5 }));
    setFrom('x', -3);
    expect(set).toHaveBeenLastCalledWith('from', 'x', expect.objectContaining({ expires: 1 }));
    set.mockRestore();
    expect(getFrom()).toBe('x');
  });
});

describe('selected platform', () => {
  it('round-trips the four platforms and ignores other values', () => {
    expect(getSelectedPlatform()).toBeUndefined();
    setSelectedPlatform('mat');
    expect(getSelectedPlatform()).toBe('mat');
    Cookies.set(COOKIE_KEYS.selectedPlatform, 'garden', { path: '/' });
    expect(getSelectedPlatform()).toBeUndefined();
    expect(() => setSelectedPlatform('garden' as never)).toThrow(/unknown platform/);
  });
});

describe('claimReloadGuard', () => {
  it('allows one reload per 10 seconds', () => {
    const set = vi.spyOn(Cookies, 'set');
    expect(claimReloadGuard()).toBe(true);
    expect(claimReloadGuard()).toBe(false);
    expect(set).toHaveBeenCalledWith(COOKIE_KEYS.reloadGuard, '1', expect.objectContaining({ expires: 10 / 86_400 }));
    set.mockRestore();
  });
});

describe('mode', () => {
  it('defaults to open, can be set and toggled', () => {
    expect(getMode()).toBe('open');
    setMode('private');
    expect(getMode()).toBe('private');
    expect(sessionStorage.getItem('mode')).toBe('private');
    expect(toggleMode()).toBe('open');
    expect(getMode()).toBe('open');
  });
  it('reads an unknown stored value as open', () => {
    sessionStorage.setItem('mode', 'secret');
    expect(getMode()).toBe('open');
  });
});

describe('head type', () => {
  it('round-trips the header types and rejects others', () => {
    expect(getHeadType()).toBeUndefined();
    setHeadType(HEAD_TYPE.mat);
    expect(getHeadType()).toBe(4);
    sessionStorage.setItem('headType', '9');
    expect(getHeadType()).toBeUndefined();
  });
});

describe('channel', () => {
  it('is kept in session storage as text', () => {
    expect(getChannel()).toBeUndefined();
    setChannel(960);
    expect(getChannel()).toBe('960');
    expect(sessionStorage.getItem('channel')).toBe('960');
  });
});

describe('plugin state', () => {
  it('round-trips and rejects an unknown software type', () => {
    expect(getPluginState()).toBeUndefined();
    setPluginState({ softwareType: 'EDA', softwareName: 'Kicad', fileType: 'symbol' });
    expect(getPluginState()).toEqual({ softwareType: 'EDA', softwareName: 'Kicad', fileType: 'symbol' });
    setPluginState({ softwareType: 'GAME' as never });
    expect(getPluginState()).toBeUndefined();
    setPluginState({ softwareType: 'CAD' });
    clearPluginState();
    expect(getPluginState()).toBeUndefined();
  });
});

describe('login active tab', () => {
  it('defaults to account and remembers the tab', () => {
    expect(getLoginActiveTab()).toBe('account');
    setLoginActiveTab('wechat');
    expect(getLoginActiveTab()).toBe('wechat');
    localStorage.setItem('loginActiveName', 'fax');
    expect(getLoginActiveTab()).toBe('account');
  });
});

describe('front-end log queue', () => {
  it('keeps the newest 30 entries and can be cleared', () => {
    expect(readFrontLogQueue()).toEqual([]);
    const entries = Array.from({ length: 35 }, (_, index) => ({ index }));
    expect(writeFrontLogQueue(entries)).toHaveLength(30);
    const stored = readFrontLogQueue<{ index: number }>();
    expect(stored[0].index).toBe(5);
    expect(stored[29].index).toBe(34);
    clearFrontLogQueue();
    expect(readFrontLogQueue()).toEqual([]);
  });
  it('reads a corrupt queue as empty', () => {
    localStorage.setItem('portal_front_log', '{"not":"a list"}');
    expect(readFrontLogQueue()).toEqual([]);
  });
});
