import { parseSystemConfig } from './system-config';

describe('parseSystemConfig', () => {
  it('reads the token and from lifetimes in minutes and the redirect allow-list', () => {
    expect(
      parseSystemConfig([
        { label: 'token_expire_time', value: '30' },
        { label: 'from_expire_time', value: '1440' },
        { label: 'redirect_allow_hosts', value: 'Partner.example, .portal.example  *.open.example' },
        { label: 'something_else', value: 'x' },
      ]),
    ).toEqual({ tokenExpireMinutes: 30, fromExpireMinutes: 1440, redirectAllowHosts: ['partner.example', '.portal.example', '*.open.example'] });
  });

  it('treats missing, empty, zero or non-numeric lifetimes as not configured', () => {
    expect(
      parseSystemConfig([
        { label: 'token_expire_time', value: '' },
        { label: 'from_expire_time', value: 'abc' },
      ]),
    ).toEqual({
      tokenExpireMinutes: undefined,
      fromExpireMinutes: undefined,
      redirectAllowHosts: [],
    });
    expect(parseSystemConfig([{ label: 'token_expire_time', value: '0' }]).tokenExpireMinutes).toBeUndefined();
  });
});
