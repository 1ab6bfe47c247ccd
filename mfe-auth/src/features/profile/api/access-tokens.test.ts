import { httplibTokenLine, maskedSecret, tokenExpiry, TOKEN_LIFETIMES } from './access-tokens';

describe('access token helpers', () => {
  it('tells never-expiring, expired and live tokens apart', () => {
    expect(tokenExpiry({ expiresTime: null }, 1000)).toEqual({ kind: 'never' });
    expect(tokenExpiry({ expiresTime: 1000 }, 1000)).toEqual({ kind: 'expired' });
    expect(tokenExpiry({ expiresTime: 2000 }, 1000)).toEqual({ kind: 'until', time: 2000 });
  });

  it('offers exactly the lifetimes the server accepts', () => {
    expect(TOKEN_LIFETIMES).toEqual([30, 90, 365, null]);
  });

  it('masks the secret and builds the line KiCad reads', () => {
    expect(maskedSecret('pat_ab12')).toBe('pat_ab12…');
    expect(httplibTokenLine('pat_0123')).toBe('"token": "pat_0123",');
  });
});
