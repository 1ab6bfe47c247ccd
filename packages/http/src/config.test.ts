import { configureHttp, defaultHttpConfig, getHttpConfig, resetHttpConfig } from './config';

afterEach(() => resetHttpConfig());

describe('defaultHttpConfig', () => {
  it('uses the same origin, /login, 60 s and Chinese', () => {
    expect(defaultHttpConfig()).toEqual({ openHost: '', algorithmHost: '', loginPath: '/login', timeout: 60_000, locale: 'zh-CN' });
  });
});

describe('configureHttp / getHttpConfig', () => {
  it('merges settings and drops trailing slashes from hosts', () => {
    const onError = () => undefined;
    configureHttp({ openHost: 'https://open.example.com/', onError });
    configureHttp({ algorithmHost: 'https://algo.example.com//' });
    expect(getHttpConfig()).toMatchObject({
      openHost: 'https://open.example.com',
      algorithmHost: 'https://algo.example.com',
      onError,
      timeout: 60_000,
    });
  });
  it('refuses a non-positive timeout', () => {
    expect(() => configureHttp({ timeout: 0 })).toThrow(/timeout/);
  });
});

describe('resetHttpConfig', () => {
  it('restores the defaults', () => {
    configureHttp({ loginPath: '/x', locale: 'en-US' });
    resetHttpConfig();
    expect(getHttpConfig()).toEqual(defaultHttpConfig());
  });
});
