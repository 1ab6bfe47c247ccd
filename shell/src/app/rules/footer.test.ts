import { describe, expect, it } from 'vitest';
import { filingNumberFor } from './footer';

const filing = { com: 'COM-1', cn: 'CN-2' };

describe('filingNumberFor', () => {
  it('chooses by host suffix', () => {
    expect(filingNumberFor('www.portal.com', filing)).toBe('COM-1');
    expect(filingNumberFor('open.portal.cn', filing)).toBe('CN-2');
    expect(filingNumberFor('WWW.PORTAL.CN.', filing)).toBe('CN-2');
  });

  it('shows none on other hosts', () => {
    expect(filingNumberFor('127.0.0.1', filing)).toBe('');
    expect(filingNumberFor('portal.com.au', filing)).toBe('');
  });
});
