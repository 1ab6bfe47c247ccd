import { isErrorCodeSegment, resolveErrorCode } from './error-pages';

describe('resolveErrorCode', () => {
  it('uses the path code when the query has none', () => {
    expect(resolveErrorCode('500', null)).toBe('500');
  });

  it('prefers the query code', () => {
    expect(resolveErrorCode('500', '1002000007')).toBe('1002000007');
  });

  it('falls back to 400 for a non-numeric path code', () => {
    expect(resolveErrorCode('oops', null)).toBe('400');
  });
});

describe('isErrorCodeSegment', () => {
  it('accepts numeric codes and refuses words', () => {
    expect(isErrorCodeSegment('502')).toBe(true);
    expect(isErrorCodeSegment('download-center')).toBe(false);
    expect(isErrorCodeSegment(undefined)).toBe(false);
  });
});
