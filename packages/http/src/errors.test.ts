import { createPortalError, ERROR_CATALOGUE, errorCatalogueEntry, ErrorLevel, isPortalError, PortalError, toPortalError } from './errors';

describe('ErrorLevel', () => {
  it('matches spec §3', () => {
    expect(ErrorLevel).toEqual({ info: -2, warn: -1, error: 0, danger: 1 });
  });
});

describe('ERROR_CATALOGUE / errorCatalogueEntry', () => {
  it('holds the handling of spec §8', () => {
    expect(errorCatalogueEntry(499)).toMatchObject({ level: -2, muted: true });
    expect(errorCatalogueEntry(401)).toMatchObject({ level: -1, muted: false, redirect: 'login' });
    expect(errorCatalogueEntry(403)).toMatchObject({ level: -1, redirect: '/403' });
    expect(errorCatalogueEntry(404)).toMatchObject({ muted: true });
    expect(errorCatalogueEntry(430)).toMatchObject({ messageId: 'http.locked', action: 'clearSession' });
    expect(errorCatalogueEntry(199999)).toMatchObject({ action: 'wechatRegister' });
    expect(errorCatalogueEntry(1002000007)).toMatchObject({ action: 'showNotRegistered' });
    expect(errorCatalogueEntry(1005002001)).toMatchObject({ action: 'reloadOnDialogClose' });
  });
  it('sends 401, 100401, 400401 and 400403 to login and 403, 100403 to /403', () => {
    for (const code of [401, 100401, 400401, 400403]) expect(ERROR_CATALOGUE[code].redirect).toBe('login');
    for (const code of [403, 100403]) expect(ERROR_CATALOGUE[code].redirect).toBe('/403');
  });
  it('does not log a user out for a 400 validation error', () => {
    expect(errorCatalogueEntry(400).redirect).toBeUndefined();
  });
  it('gives unknown codes level error, not muted', () => {
    expect(errorCatalogueEntry(1234)).toEqual({ level: 0, muted: false });
  });
});

describe('PortalError', () => {
  it('is an Error with the fields of spec §3', () => {
    const error = new PortalError({ code: 403, message: '没有该操作权限', level: -1, muted: false, redirect: '/403', data: { a: 1 } });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'PortalError',
      message: '没有该操作权限',
      code: 403,
      level: -1,
      muted: false,
      data: { a: 1 },
      redirect: '/403',
      type: 'warning',
      hash: '403:没有该操作权限',
    });
    expect(error.stack).toContain('PortalError');
  });
  it('defaults to level error, not muted, data null, toast type error', () => {
    const error = new PortalError({ code: 7, message: 'x' });
    expect(error).toMatchObject({ level: 0, muted: false, data: null, type: 'error' });
  });
});

describe('createPortalError', () => {
  it('prefers the server message', () => {
    const error = createPortalError({ code: 500, message: '数据库不可用' });
    expect(error.message).toBe('数据库不可用');
    expect(error.messageId).toBeUndefined();
  });
  it('falls back to the catalogue message, then the default message', () => {
    expect(createPortalError({ code: 430 }).message).toBe('账号已锁定，请1小时后重试或联系我们');
    expect(createPortalError({ code: 500 }).message).toBe('系统繁忙，请稍后重试或联系我们');
    expect(createPortalError({ code: 100001 }, { locale: 'en-US' }).message).toBe('Unknown Error');
    const unknown = createPortalError({ code: 777 });
    expect(unknown.message).toBe('系统异常，请联系管理员处理！');
    expect(unknown.messageId).toBe('http.default');
  });
  it('turns the login redirect into the configured login address', () => {
    expect(createPortalError({ code: 401 }).redirect).toBe('/login');
    expect(createPortalError({ code: 100401 }, { loginPath: '/sso/login' }).redirect).toBe('/sso/login');
    expect(createPortalError({ code: 403 }).redirect).toBe('/403');
  });
  it('applies level and muting of the code', () => {
    expect(createPortalError({ code: 499 })).toMatchObject({ level: -2, muted: true, type: 'info', message: '请求已取消' });
  });
});

describe('isPortalError', () => {
  it('recognises PortalError only', () => {
    expect(isPortalError(createPortalError({ code: 1 }))).toBe(true);
    expect(isPortalError(new Error('x'))).toBe(false);
    expect(isPortalError({ code: 1, message: 'x' })).toBe(false);
  });
});

describe('toPortalError', () => {
  it('passes PortalErrors through and wraps anything else as 100001', () => {
    const original = createPortalError({ code: 403 });
    expect(toPortalError(original)).toBe(original);
    const wrapped = toPortalError(new TypeError('boom'));
    expect(wrapped).toMatchObject({ code: 100001, message: 'boom' });
    expect(wrapped.cause).toBeInstanceOf(TypeError);
    expect(toPortalError('text')).toMatchObject({ code: 100001, message: 'text' });
    expect(toPortalError(42)).toMatchObject({ code: 100001, message: '未知错误' });
  });
});
