import { currentPathForRedirect, hostAllowed, resolveLoginRedirect } from './redirect';

const tokens = { accessToken: 'acc-1', refreshToken: 'ref-1', expiresTime: 1_800_000_000_000 };
const base = { currentUrl: 'https://www.portal.example/login?redirect=x', allowHosts: ['.portal.example', 'partner.example'], tokens };

describe('resolveLoginRedirect', () => {
  it('goes home when the redirect is missing or the string undefined', () => {
    expect(resolveLoginRedirect(undefined, base)).toEqual({ kind: 'route', path: '/' });
    expect(resolveLoginRedirect('', base)).toEqual({ kind: 'route', path: '/' });
    expect(resolveLoginRedirect('undefined', base)).toEqual({ kind: 'route', path: '/' });
  });

  it('routes a relative redirect inside the app, and refuses protocol-relative ones', () => {
    expect(resolveLoginRedirect('/part/search?keyWords=a|b', base)).toEqual({ kind: 'route', path: '/part/search?keyWords=a|b' });
    expect(resolveLoginRedirect('//evil.example/x', base)).toEqual({ kind: 'route', path: '/' });
    expect(resolveLoginRedirect('javascript:alert(1)', base)).toEqual({ kind: 'route', path: '/' });
  });

  it('opens a same-host URL directly, without tokens', () => {
    expect(resolveLoginRedirect('https://www.portal.example/user?tab=1', base)).toEqual({ kind: 'route', path: '/user?tab=1' });
  });

  it('appends the tokens for an allow-listed external host', () => {
    const decision = resolveLoginRedirect('https://partner.example/cb?x=1', base);
    expect(decision.kind).toBe('location');
    const url = new URL((decision as { url: string }).url);
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('token')).toBe('acc-1');
    expect(url.searchParams.get('refreshToken')).toBe('ref-1');
    expect(url.searchParams.get('tokenExpires')).toBe('1800000000000');
  });

  it('keeps an existing token unless forced', () => {
    const kept = resolveLoginRedirect('https://partner.example/cb?token=old', base) as { url: string };
    expect(new URL(kept.url).searchParams.get('token')).toBe('old');
    expect(new URL(kept.url).searchParams.has('refreshToken')).toBe(false);
    const forced = resolveLoginRedirect('https://partner.example/cb?token=old', { ...base, force: true }) as { url: string };
    expect(new URL(forced.url).searchParams.get('token')).toBe('acc-1');
  });

  it('removes token parameters from an open-platform URL', () => {
    const decision = resolveLoginRedirect('https://open.portal.example/home?token=t&refreshToken=r&tokenExpires=1&keep=1', base) as { url: string };
    const url = new URL(decision.url);
    expect([...url.searchParams.keys()]).toEqual(['keep']);
  });

  it('never sends tokens to a host outside the allow-list', () => {
    expect(resolveLoginRedirect('https://evil.example/steal', base)).toEqual({ kind: 'route', path: '/' });
    expect(resolveLoginRedirect('https://portal.example.evil.example/', base)).toEqual({ kind: 'route', path: '/' });
  });
});

describe('hostAllowed', () => {
  it('matches exact hosts and dotted or starred sub-domain rules', () => {
    expect(hostAllowed('partner.example', ['partner.example'])).toBe(true);
    expect(hostAllowed('a.partner.example', ['partner.example'])).toBe(false);
    expect(hostAllowed('a.b.portal.example', ['*.portal.example'])).toBe(true);
    expect(hostAllowed('portal.example', ['.portal.example'])).toBe(true);
    expect(hostAllowed('xportal.example', ['.portal.example'])).toBe(false);
  });
});

describe('currentPathForRedirect', () => {
  it('joins the path and query', () => {
    expect(currentPathForRedirect({ pathname: '/part/search', search: '?keyWords=a' })).toBe('/part/search?keyWords=a');
  });
});
