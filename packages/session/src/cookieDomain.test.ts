import { browserAcceptsCookieDomain, clearCookieDomainCache, cookieDomainCandidates, cookieDomainFor, isHostWithoutParentDomain } from './cookieDomain';
import { clearAllCookies, setPageUrl } from './testUtils';

afterEach(() => {
  clearAllCookies();
  setPageUrl('http://localhost:3000/');
  clearCookieDomainCache();
});

describe('isHostWithoutParentDomain', () => {
  it.each(['localhost', '127.0.0.1', '10.0.0.12', '::1', '[::1]', ''])('%s has no parent domain', (host) => {
    expect(isHostWithoutParentDomain(host)).toBe(true);
  });
  it.each(['www.example.com', 'example.com'])('%s has one', (host) => {
    expect(isHostWithoutParentDomain(host)).toBe(false);
  });
});

describe('cookieDomainCandidates', () => {
  it('lists parent domains broadest first', () => {
    expect(cookieDomainCandidates('a.b.example.com.cn')).toEqual(['com.cn', 'example.com.cn', 'b.example.com.cn']);
  });
  it('keeps a two-label host as its own candidate', () => {
    expect(cookieDomainCandidates('Example.COM')).toEqual(['example.com']);
  });
  it('gives none for localhost and IPs', () => {
    expect(cookieDomainCandidates('localhost')).toEqual([]);
    expect(cookieDomainCandidates('192.168.1.9')).toEqual([]);
  });
});

describe('browserAcceptsCookieDomain', () => {
  it('accepts the registrable domain and refuses a public suffix, leaving no probe behind', () => {
    setPageUrl('http://www.example.com.cn/');
    expect(browserAcceptsCookieDomain('com.cn')).toBe(false);
    expect(browserAcceptsCookieDomain('example.com.cn')).toBe(true);
    expect(document.cookie).toBe('');
  });
  it('refuses a domain the page does not belong to', () => {
    setPageUrl('http://www.example.com/');
    expect(browserAcceptsCookieDomain('other.com')).toBe(false);
  });
});

describe('cookieDomainFor', () => {
  it('shares www.example.com across .example.com', () => {
    setPageUrl('http://www.example.com/');
    expect(cookieDomainFor('www.example.com')).toBe('.example.com');
  });
  it('skips public suffixes such as com.cn', () => {
    setPageUrl('http://portal.example.com.cn/');
    expect(cookieDomainFor('portal.example.com.cn')).toBe('.example.com.cn');
  });
  it('gives no domain for localhost and IP addresses', () => {
    expect(cookieDomainFor('localhost')).toBeUndefined();
    expect(cookieDomainFor('127.0.0.1')).toBeUndefined();
  });
  it('probes once per host and caches the answer', () => {
    const accepts = vi.fn((domain: string) => domain === 'example.org');
    expect(cookieDomainFor('open.example.org', accepts)).toBe('.example.org');
    expect(cookieDomainFor('open.example.org', accepts)).toBe('.example.org');
    expect(accepts).toHaveBeenCalledTimes(1);
  });
  it('falls back to a host-only cookie when the browser accepts no candidate', () => {
    expect(cookieDomainFor('www.example.net', () => false)).toBeUndefined();
  });
});

describe('clearCookieDomainCache', () => {
  it('makes the next lookup probe again', () => {
    const accepts = vi.fn(() => true);
    cookieDomainFor('www.example.io', accepts);
    clearCookieDomainCache();
    cookieDomainFor('www.example.io', accepts);
    expect(accepts).toHaveBeenCalledTimes(2);
  });
});
