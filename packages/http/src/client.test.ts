import { clearToken, getRefreshToken, getToken, setChannel, setTenantId, setToken } from '@portal/session';
import { configureHttp, resetHttpConfig } from './config';
import { PortalError } from './errors';
import { http, interpretResponse, refreshAttemptCount, request, resetHttpState, sessionHeaders } from './client';
import { clearAllCookies, delay, envelope, sendJson, setPageUrl, startTestServer, type TestServer } from './testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  setPageUrl('http://localhost:3000/');
  await server.close();
});
beforeEach(() => {
  setPageUrl(`${server.origin}/part`);
  server.requests.length = 0;
  server.routes.clear();
});
afterEach(() => {
  resetHttpState();
  resetHttpConfig();
  clearToken();
  clearAllCookies();
  sessionStorage.clear();
  vi.useRealTimers();
});

async function rejection(promise: Promise<unknown>): Promise<PortalError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PortalError);
    return error as PortalError;
  }
  throw new Error('expected the request to fail');
}

describe('sessionHeaders', () => {
  it('is empty without a session', () => {
    expect(sessionHeaders()).toEqual({});
  });
  it('carries Bearer token, tenant-id and channel', () => {
    setToken({ accessToken: 'tok', refreshToken: 'ref' });
    setTenantId(42);
    setChannel(960);
    expect(sessionHeaders()).toEqual({ Authorization: 'Bearer tok', 'tenant-id': '42', channel: '960' });
  });
});

describe('interpretResponse', () => {
  it('unwraps data of a success envelope', () => {
    expect(interpretResponse(200, JSON.stringify(envelope({ a: 1 })))).toEqual({ a: 1 });
    expect(interpretResponse(200, '{"code":0,"msg":""}')).toBeNull();
    expect(interpretResponse(200, '{"code":"0","data":5}')).toBe(5);
  });
  it('turns a non-zero code into a PortalError with msg as message', () => {
    expect(() => interpretResponse(200, JSON.stringify(envelope(null, 1002000000, '登录失败，账号密码不正确')))).toThrow(
      expect.objectContaining({ code: 1002000000, message: '登录失败，账号密码不正确', level: 0 }),
    );
    expect(() => interpretResponse(200, '{"code":7,"message":"m1","msg":"m2"}')).toThrow(expect.objectContaining({ message: 'm1' }));
  });
  it('maps an empty body to 500 System Error', () => {
    configureHttp({ locale: 'en-US' });
    expect(() => interpretResponse(200, '  ')).toThrow(expect.objectContaining({ code: 500, message: 'System Error' }));
  });
  it('maps a string body to its text with the HTTP status as code', () => {
    expect(() => interpretResponse(502, 'Bad Gateway')).toThrow(expect.objectContaining({ code: 502, message: 'Bad Gateway', status: 502 }));
  });
  it('returns JSON without an envelope as is, and fails for such JSON on an error status', () => {
    expect(interpretResponse(200, '{"mfe_part":"/mfe/part/mf-manifest.json"}')).toEqual({ mfe_part: '/mfe/part/mf-manifest.json' });
    expect(() => interpretResponse(503, '{"msg":"down"}')).toThrow(expect.objectContaining({ code: 503, message: 'down' }));
  });
});

describe('request', () => {
  it('GETs under /to/api with parameters and resolves to data', async () => {
    server.routes.set('/to/api/public/part/category/tree', (_req, res) => sendJson(res, envelope([{ id: 1, code: 'screw' }])));
    const tree = await request<{ code: string }[]>({ url: '/public/part/category/tree', params: { depth: 2 } });
    expect(tree).toEqual([{ id: 1, code: 'screw' }]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/to/api/public/part/category/tree?depth=2' });
  });

  it('sends the session headers', async () => {
    setToken({ accessToken: 'tok', refreshToken: 'ref' });
    setTenantId('9');
    setChannel('207');
    server.routes.set('/to/api/x', (_req, res) => sendJson(res, envelope(true)));
    await request({ url: '/x' });
    expect(server.requests[0].headers).toMatchObject({ authorization: 'Bearer tok', 'tenant-id': '9', channel: '207' });
  });

  it('sends no Authorization header without a token', async () => {
    server.routes.set('/to/api/x', (_req, res) => sendJson(res, envelope(true)));
    await request({ url: '/x' });
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  it('posts JSON', async () => {
    server.routes.set('/to/api/base/system/auth/login', (req, res) => sendJson(res, envelope({ echoed: JSON.parse(req.body) })));
    const answer = await http.post<{ echoed: unknown }>('/base/system/auth/login', { mobile: '13800138000', userType: 2 });
    expect(answer.echoed).toEqual({ mobile: '13800138000', userType: 2 });
    expect(server.requests[0].headers['content-type']).toBe('application/json;charset=UTF-8');
  });

  it('posts FormData as multipart without forcing a content type', async () => {
    server.routes.set('/to/api/base/file/upload', (_req, res) => sendJson(res, envelope('file-1')));
    const form = new FormData();
    form.append('bizCode', 'avatar');
    expect(await http.post('/base/file/upload', form)).toBe('file-1');
    expect(server.requests[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.requests[0].body).toContain('avatar');
  });

  it('shares identical concurrent GETs but not different ones', async () => {
    server.routes.set('/to/api/slow', async (_req, res) => {
      await delay(30);
      sendJson(res, envelope('ok'));
    });
    const [a, b, c] = await Promise.all([http.get('/slow', { q: 1 }), http.get('/slow', { q: 1 }), http.get('/slow', { q: 2 })]);
    expect([a, b, c]).toEqual(['ok', 'ok', 'ok']);
    expect(server.requests).toHaveLength(2);
    await http.get('/slow', { q: 1 });
    expect(server.requests).toHaveLength(3);
  });

  it('does not share GETs whose headers differ, nor POSTs', async () => {
    server.routes.set('/to/api/slow', async (_req, res) => {
      await delay(20);
      sendJson(res, envelope('ok'));
    });
    await Promise.all([http.get('/slow'), http.get('/slow', undefined, { headers: { 'X-Variant': 'b' } })]);
    expect(server.requests).toHaveLength(2);
    await Promise.all([http.post('/slow', { a: 1 }), http.post('/slow', { a: 1 })]);
    expect(server.requests).toHaveLength(4);
  });

  it('uses PUT and DELETE', async () => {
    server.routes.set('/to/api/thing', (req, res) => sendJson(res, envelope(req.method)));
    expect(await http.put('/thing', { a: 1 })).toBe('PUT');
    expect(await http.delete('/thing', { id: 3 })).toBe('DELETE');
    expect(server.requests[1].url).toBe('/to/api/thing?id=3');
  });

  it('rejects a business error and reports it through onError', async () => {
    const onError = vi.fn();
    configureHttp({ onError });
    server.routes.set('/to/api/locked', (_req, res) => sendJson(res, envelope(null, 430, '')));
    const error = await rejection(http.get('/locked'));
    expect(error).toMatchObject({ code: 430, message: '账号已锁定，请1小时后重试或联系我们', action: 'clearSession' });
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('reports a shared failure once, and never a silent or muted one', async () => {
    const onError = vi.fn();
    configureHttp({ onError });
    server.routes.set('/to/api/bad', async (_req, res) => {
      await delay(10);
      sendJson(res, envelope(null, 500, '系统异常'));
    });
    const [e1, e2] = await Promise.all([rejection(http.get('/bad')), rejection(http.get('/bad'))]);
    expect(e1).toBe(e2);
    expect(onError).toHaveBeenCalledTimes(1);
    await rejection(http.get('/bad', undefined, { silent: true }));
    expect(onError).toHaveBeenCalledTimes(1);
    const notFound = await rejection(http.get('/nowhere'));
    expect(notFound).toMatchObject({ code: 404, muted: true, message: '请求地址不存在:/to/api/nowhere' });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('survives an onError hook that throws', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    configureHttp({
      onError: () => {
        throw new Error('reporter bug');
      },
    });
    server.routes.set('/to/api/bad', (_req, res) => sendJson(res, envelope(null, 7, 'x')));
    expect(await rejection(http.get('/bad'))).toMatchObject({ code: 7 });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('maps an empty body to 500 and a text body to its status', async () => {
    server.routes.set('/to/api/empty', (_req, res) => {
      res.end();
    });
    server.routes.set('/to/api/text', (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('Bad Gateway');
    });
    expect(await rejection(http.get('/empty'))).toMatchObject({ code: 500, message: '系统错误' });
    expect(await rejection(http.get('/text'))).toMatchObject({ code: 502, message: 'Bad Gateway' });
  });

  it('times out with 408', async () => {
    configureHttp({ locale: 'en-US' });
    server.routes.set('/to/api/hang', async (_req, res) => {
      await delay(300);
      sendJson(res, envelope('late'));
    });
    const error = await rejection(request({ url: '/hang', timeout: 50 }));
    expect(error).toMatchObject({ code: 408, message: 'timeout of 50ms exceeded', muted: false });
  });

  it('waits 60 seconds by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.routes.set('/to/api/forever', () => undefined);
    const pending = rejection(http.get('/forever'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 408, message: '请求超时（60000ms），请稍后重试', messageId: 'http.timeout' });
  });

  it('maps a network failure without an answer to 421 with the error message', async () => {
    const closed = await startTestServer();
    const origin = closed.origin;
    await closed.close();
    const error = await rejection(request({ url: `${origin}/to/api/x` }));
    expect(error.code).toBe(421);
    expect(error.message).toBe('fetch failed');
  });

  it('maps cancellation to a muted 499 and does not report it', async () => {
    const onError = vi.fn();
    configureHttp({ onError });
    server.routes.set('/to/api/hang', async (_req, res) => {
      await delay(200);
      sendJson(res, envelope('late'));
    });
    const controller = new AbortController();
    const pending = rejection(http.get('/hang', undefined, { signal: controller.signal }));
    await delay(10);
    controller.abort();
    expect(await pending).toMatchObject({ code: 499, muted: true, level: -2, message: '请求已取消' });
    const early = new AbortController();
    early.abort();
    expect(await rejection(http.get('/hang', undefined, { signal: early.signal }))).toMatchObject({ code: 499 });
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps a shared GET alive for the callers that did not cancel', async () => {
    server.routes.set('/to/api/slow', async (_req, res) => {
      await delay(40);
      sendJson(res, envelope('ok'));
    });
    const controller = new AbortController();
    const cancelled = rejection(http.get('/slow', undefined, { signal: controller.signal }));
    const kept = http.get('/slow');
    controller.abort();
    expect((await cancelled).code).toBe(499);
    expect(await kept).toBe('ok');
    expect(server.requests).toHaveLength(1);
  });
});

describe('token refresh', () => {
  function protectedRoute(validToken: string) {
    server.routes.set('/to/api/me', (req, res) => {
      if (req.headers.authorization === `Bearer ${validToken}`) sendJson(res, envelope({ name: '张三' }));
      else sendJson(res, envelope(null, 401, '账号未登录'));
    });
  }

  it('refreshes once on 401, stores the new token and retries', async () => {
    setToken({ accessToken: 'old', refreshToken: 'r1' });
    protectedRoute('new');
    server.routes.set('/to/api/base/system/auth/refresh-token', (_req, res) =>
      sendJson(res, envelope({ accessToken: 'new', refreshToken: 'r1', expiresTime: 1 })),
    );
    expect(await http.get('/me')).toEqual({ name: '张三' });
    expect(getToken()).toBe('new');
    const refreshCall = server.requests.find((r) => r.url.startsWith('/to/api/base/system/auth/refresh-token'));
    expect(refreshCall).toMatchObject({ method: 'POST', url: '/to/api/base/system/auth/refresh-token?refreshToken=r1' });
    expect(refreshCall?.headers.authorization).toBeUndefined();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer old', undefined, 'Bearer new']);
    expect(refreshAttemptCount()).toBe(0);
  });

  it('shares one refresh between concurrent 401s', async () => {
    setToken({ accessToken: 'old', refreshToken: 'r1' });
    protectedRoute('new');
    server.routes.set('/to/api/other', (req, res) =>
      sendJson(res, req.headers.authorization === 'Bearer new' ? envelope('other') : envelope(null, 401, '账号未登录')),
    );
    server.routes.set('/to/api/base/system/auth/refresh-token', async (_req, res) => {
      await delay(20);
      sendJson(res, envelope({ accessToken: 'new' }));
    });
    expect(await Promise.all([http.get('/me'), http.get('/other'), http.post('/other')])).toEqual([{ name: '张三' }, 'other', 'other']);
    expect(server.requests.filter((r) => r.url.includes('refresh-token'))).toHaveLength(1);
    expect(getRefreshToken()).toBe('r1');
  });

  it('clears the session and calls onUnauthorized when the refresh fails', async () => {
    const onUnauthorized = vi.fn();
    const onError = vi.fn();
    configureHttp({ onUnauthorized, onError });
    setToken({ accessToken: 'old', refreshToken: 'gone' });
    protectedRoute('new');
    server.routes.set('/to/api/base/system/auth/refresh-token', (_req, res) => sendJson(res, envelope(null, 400, '无效的刷新令牌')));
    const error = await rejection(http.get('/me'));
    expect(error).toMatchObject({ code: 401, message: '账号未登录', redirect: '/login' });
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ code: 400, message: '无效的刷新令牌' }));
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('retries once only: a second 401 after refreshing is the answer', async () => {
    setToken({ accessToken: 'old', refreshToken: 'r1' });
    protectedRoute('never');
    server.routes.set('/to/api/base/system/auth/refresh-token', (_req, res) => sendJson(res, envelope({ accessToken: 'new' })));
    expect(await rejection(http.get('/me'))).toMatchObject({ code: 401 });
    expect(server.requests.map((r) => r.url.split('?')[0])).toEqual(['/to/api/me', '/to/api/base/system/auth/refresh-token', '/to/api/me']);
    expect(refreshAttemptCount()).toBe(1);
  });

  it('gives up with "refresh time exceed" after 10 attempts', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ onUnauthorized, locale: 'en-US' });
    protectedRoute('never');
    let issued = 0;
    server.routes.set('/to/api/base/system/auth/refresh-token', (_req, res) => sendJson(res, envelope({ accessToken: `t${++issued}` })));
    setToken({ accessToken: 'old', refreshToken: 'r1' });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(await rejection(http.get('/me', { attempt }))).toMatchObject({ code: 401 });
    }
    expect(refreshAttemptCount()).toBe(10);
    expect(onUnauthorized).not.toHaveBeenCalled();
    const exhausted = await rejection(http.get('/me', { attempt: 11 }));
    expect(exhausted).toMatchObject({ code: 401, message: 'refresh time exceed' });
    expect(issued).toBe(10);
    expect(getToken()).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('retries with a token refreshed meanwhile instead of refreshing again', async () => {
    setToken({ accessToken: 'old', refreshToken: 'r1' });
    server.routes.set('/to/api/me', async (req, res) => {
      if (req.headers.authorization === 'Bearer new') return sendJson(res, envelope('fresh'));
      setToken({ accessToken: 'new', refreshToken: 'r1' }); // another tab refreshed while this answer travelled
      sendJson(res, envelope(null, 401, '账号未登录'));
    });
    expect(await http.get('/me')).toBe('fresh');
    expect(server.requests.some((r) => r.url.includes('refresh-token'))).toBe(false);
  });

  it('ends the session on a refused token when there is nothing to refresh with', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ onUnauthorized });
    setToken({ accessToken: 'old', refreshToken: 'r1' });
    clearAllCookies();
    setToken({ accessToken: 'old', refreshToken: '' });
    protectedRoute('new');
    expect(await rejection(http.get('/me'))).toMatchObject({ code: 401 });
    expect(getToken()).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves an anonymous visitor alone on 401', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ onUnauthorized });
    protectedRoute('new');
    expect(await rejection(http.get('/me'))).toMatchObject({ code: 401, redirect: '/login' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('resetHttpState', () => {
  it('cancels shared requests and zeroes the refresh count', async () => {
    server.routes.set('/to/api/hang', async (_req, res) => {
      await delay(200);
      sendJson(res, envelope('late'));
    });
    const pending = rejection(http.get('/hang'));
    await delay(10);
    resetHttpState();
    expect((await pending).code).toBe(499);
    expect(refreshAttemptCount()).toBe(0);
  });
});
