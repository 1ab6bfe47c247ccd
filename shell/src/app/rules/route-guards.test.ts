import { describe, expect, it } from 'vitest';
import { isShellChunkLoadError, modeToggleTarget, planQueryGuards, privateModeRedirect, withoutParams } from './route-guards';

describe('planQueryGuards', () => {
  it('stores from and removes it (guard 1)', () => {
    expect(planQueryGuards('?from=wechat-ad&x=1')).toEqual({ from: 'wechat-ad', remove: ['from'] });
  });

  it('stores a token with its refresh token and expiry and removes all three (guard 2)', () => {
    expect(planQueryGuards('?token=abc&refreshToken=def&tokenExpires=1700000000000')).toEqual({
      tokens: { accessToken: 'abc', refreshToken: 'def', expiresTime: 1700000000000 },
      remove: ['token', 'refreshToken', 'tokenExpires'],
    });
  });

  it('turns code and state into a wechatAuth message (guard 3)', () => {
    expect(planQueryGuards('?code=C1&state=S1&redirect=%2Fuser&scan_type=band').wechatAuth).toEqual({
      action: 'wechatAuth',
      code: 'C1',
      state: 'S1',
      redirect: '/user',
      scan_type: 'band',
    });
    expect(planQueryGuards('?code=C1').wechatAuth).toBeUndefined();
  });

  it('continues with an empty plan otherwise (guard 4)', () => {
    expect(planQueryGuards('?keyWords=a')).toEqual({ remove: [] });
  });

  it('takes a numeric _companyId as tenant', () => {
    expect(planQueryGuards('?_companyId=42').tenantId).toBe('42');
    expect(planQueryGuards('?_companyId=x').tenantId).toBeUndefined();
  });

  it('removes parameters and keeps the others', () => {
    expect(withoutParams('?from=a&b=1', ['from'])).toBe('?b=1');
    expect(withoutParams('?from=a', ['from'])).toBe('');
  });
});

describe('private mode (guard 5, mode toggle)', () => {
  it('sends /part in private mode to the organisation brand page', () => {
    expect(privateModeRedirect('/part', 'private', 12)).toBe('/part/brand-detail/12?type=1');
    expect(privateModeRedirect('/part/', 'private', 12)).toBe('/part/brand-detail/12?type=1');
  });

  it('leaves open mode, other pages and users without an organisation alone', () => {
    expect(privateModeRedirect('/part', 'open', 12)).toBeUndefined();
    expect(privateModeRedirect('/part/search', 'private', 12)).toBeUndefined();
    expect(privateModeRedirect('/part', 'private', 0)).toBeUndefined();
    expect(privateModeRedirect('/part', 'private', null)).toBeUndefined();
  });

  it('navigates open → private to the brand page and private → open to /part', () => {
    expect(modeToggleTarget('private', 7)).toBe('/part/brand-detail/7?type=1');
    expect(modeToggleTarget('open', 7)).toBe('/part');
  });
});

describe('isShellChunkLoadError (guard 6)', () => {
  const origin = 'https://portal.example.com';
  const chunkError = (request: string) => Object.assign(new Error(`Loading chunk 12 failed.\n(error: ${request})`), { name: 'ChunkLoadError', request });

  it('accepts the shell’s own chunks', () => {
    expect(isShellChunkLoadError(chunkError(`${origin}/12.abcd1234.chunk.js`), origin)).toBe(true);
  });

  it('leaves remote chunks to their fallback', () => {
    expect(isShellChunkLoadError(chunkError(`${origin}/mfe/part/12.abcd1234.chunk.js`), origin)).toBe(false);
    expect(isShellChunkLoadError(chunkError('http://127.0.0.1:3002/12.chunk.js'), origin)).toBe(false);
  });

  it('reads the URL from the message when request is missing, and ignores other errors', () => {
    const error = new Error(`Loading chunk 7 failed.\n(missing: ${origin}/7.chunk.js)`);
    expect(isShellChunkLoadError(error, origin)).toBe(true);
    expect(isShellChunkLoadError(new TypeError('x is undefined'), origin)).toBe(false);
    expect(isShellChunkLoadError(null, origin)).toBe(false);
  });
});
