import { createPortalQueryClient } from './query-client';

describe('portal query client', () => {
  const retry = createPortalQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;

  it('retries transient failures a limited number of times', () => {
    expect(retry(0, { code: 421 })).toBe(true);
    expect(retry(1, { code: 503 })).toBe(true);
    expect(retry(2, { code: 503 })).toBe(false);
  });

  it('never retries answers from the server (envelope codes, 4xx)', () => {
    expect(retry(0, { code: 404 })).toBe(false);
    expect(retry(0, { code: 1002000007 })).toBe(false);
    expect(retry(0, new Error('boom'))).toBe(false);
  });
});
