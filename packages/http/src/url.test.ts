import { configureHttp, resetHttpConfig } from './config';
import { buildQueryString, resolveRequestUrl, toAbsoluteUrl } from './url';

afterEach(() => resetHttpConfig());

describe('buildQueryString', () => {
  it('encodes values, repeats arrays and skips null/undefined', () => {
    expect(buildQueryString({ keyword: '电阻 10k', size: 15, on: true, skip: undefined, none: null, ids: [1, 2], at: new Date(Date.UTC(2024, 0, 2)) })).toBe(
      'keyword=%E7%94%B5%E9%98%BB+10k&size=15&on=true&ids=1&ids=2&at=2024-01-02T00%3A00%3A00.000Z',
    );
    expect(buildQueryString(undefined)).toBe('');
  });
});

describe('resolveRequestUrl', () => {
  it('puts relative paths under /to/api', () => {
    expect(resolveRequestUrl('/base/system/auth/login')).toBe('/to/api/base/system/auth/login');
    expect(resolveRequestUrl('public/part/category/tree')).toBe('/to/api/public/part/category/tree');
  });
  it('keeps paths that already name one of the spec bases', () => {
    expect(resolveRequestUrl('/to/api/public/mat/category/tree')).toBe('/to/api/public/mat/category/tree');
    expect(resolveRequestUrl('/to/open/part/x')).toBe('/to/open/part/x');
    expect(resolveRequestUrl('/tool/3dviewer/a')).toBe('/tool/3dviewer/a');
  });
  it('sends /tool/api to the open host and /mat/chat-recommend to the algorithm host', () => {
    expect(resolveRequestUrl('/tool/api/front/log')).toBe('/tool/api/front/log');
    expect(resolveRequestUrl('/mat/chat-recommend')).toBe('/mat/chat-recommend');
    configureHttp({ openHost: 'https://open.example.com', algorithmHost: 'https://algo.example.com' });
    expect(resolveRequestUrl('/tool/api/front/log')).toBe('https://open.example.com/tool/api/front/log');
    expect(resolveRequestUrl('/mat/chat-recommend/ask', { q: '耐腐蚀' })).toBe('https://algo.example.com/mat/chat-recommend/ask?q=%E8%80%90%E8%85%90%E8%9A%80');
  });
  it('leaves absolute URLs alone and appends parameters correctly', () => {
    expect(resolveRequestUrl('https://cdn.example.com/a.json')).toBe('https://cdn.example.com/a.json');
    expect(resolveRequestUrl('/base/x?y=1', { z: 2 })).toBe('/to/api/base/x?y=1&z=2');
  });
});

describe('toAbsoluteUrl', () => {
  it('resolves against the page and keeps absolute URLs', () => {
    expect(toAbsoluteUrl('/to/api/x')).toBe(`${location.origin}/to/api/x`);
    expect(toAbsoluteUrl('https://a.example.com/b')).toBe('https://a.example.com/b');
  });
});
