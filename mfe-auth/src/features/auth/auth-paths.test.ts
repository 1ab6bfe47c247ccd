import { authPagePath } from './auth-paths';

describe('authPagePath', () => {
  it('keeps the query string between /login and /register', () => {
    expect(authPagePath('register', { pathname: '/login', search: '?redirect=%2Fuser' })).toBe('/register?redirect=%2Fuser');
    expect(authPagePath('login', { pathname: '/register', search: '' })).toBe('/login');
  });

  it('stays on the plugin pages inside the plugin', () => {
    expect(authPagePath('register', { pathname: '/plugin/login', search: '?redirect=%2Fcomponent' })).toBe('/plugin/register?redirect=%2Fcomponent');
    expect(authPagePath('login', { pathname: '/plugin/register', search: '' })).toBe('/plugin/login');
  });
});
