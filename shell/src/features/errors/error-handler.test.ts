import { configureHttp, resetHttpConfig, resetHttpState } from '@portal/http';
import { clearFrontLogQueue, readFrontLogQueue, writeFrontLogQueue } from '@portal/session';
import { envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { installFrontLogReporting, positionOf, recordFrontLog, type FrontLogEntry } from './error-handler';
import {
  FRONT_LOG_PATH,
  MAX_BODY_BYTES,
  MAX_FIELD_CHARS,
  frontLogPayload,
  resetFrontLogSender,
  scheduleFrontLogSend,
  sendFrontLogQueue,
  SEND_DELAY_MS,
} from './front-log-sender';

let server: TestServer;
let received: string[];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  setPageUrl('http://localhost:3000/');
  await server.close();
});
beforeEach(() => {
  // The page is on the portal; the open site (openHost) is the test server.
  setPageUrl('http://localhost:3000/part');
  configureHttp({ openHost: server.origin });
  server.requests.length = 0;
  server.routes.clear();
  received = [];
  server.routes.set(FRONT_LOG_PATH, (request, response) => {
    received.push((JSON.parse(request.body) as { data: string }).data);
    sendJson(response, envelope(true));
  });
  clearFrontLogQueue();
});
afterEach(() => {
  resetFrontLogSender();
  resetHttpState();
  resetHttpConfig();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

class CodedError extends Error {
  code = 'E_PARSE';
}

describe('recordFrontLog', () => {
  it('keeps message, stack, code, url, position and name of a code error', () => {
    const error = new CodedError('bad input');
    error.stack = 'Error: bad input\n    at parse (http://localhost:3000/main.js:10:5)\n    at run (http://localhost:3000/main.js:20:1)';
    expect(recordFrontLog(error, 'router', 1_000)).toBe(true);
    const [entry] = readFrontLogQueue<FrontLogEntry>();
    expect(entry).toMatchObject({
      message: 'bad input',
      name: 'Error',
      code: 'E_PARSE',
      url: 'http://localhost:3000/part',
      position: 'http://localhost:3000/main.js:10:5',
      source: 'router',
      level: 'error',
      time: 1_000,
    });
    expect(entry.stack).toContain('at parse');
  });

  it('drops the same error within 2 s and keeps it after', () => {
    expect(recordFrontLog(new Error('twice'), 'rejection', 10_000)).toBe(true);
    expect(recordFrontLog(new Error('twice'), 'rejection', 11_999)).toBe(false);
    expect(recordFrontLog(new Error('other'), 'rejection', 12_000)).toBe(true);
    expect(recordFrontLog(new Error('twice'), 'rejection', 14_000)).toBe(true);
    expect(readFrontLogQueue<FrontLogEntry>().map((entry) => entry.message)).toEqual(['twice', 'other', 'twice']);
  });

  it('keeps only the newest 30 entries', () => {
    for (let index = 0; index < 35; index += 1) recordFrontLog(new Error(`e${index}`), 'error', 100_000 + index * 10);
    const queue = readFrontLogQueue<FrontLogEntry>();
    expect(queue).toHaveLength(30);
    expect(queue[0].message).toBe('e5');
  });

  it('takes the position of a window error event over the stack', () => {
    expect(positionOf('at x (http://a/b.js:1:2)', { filename: 'http://a/c.js', lineno: 3, colno: 4 })).toBe('http://a/c.js:3:4');
    expect(positionOf(undefined)).toBeUndefined();
  });
});

describe('sending the queue', () => {
  it('posts the entries as one JSON string to the open site and clears them', async () => {
    writeFrontLogQueue([{ message: 'a' }, { message: 'b' }]);
    await expect(sendFrontLogQueue()).resolves.toBe(true);
    expect(server.requests[0].url).toBe(FRONT_LOG_PATH);
    expect(JSON.parse(received[0])).toEqual([{ message: 'a' }, { message: 'b' }]);
    expect(readFrontLogQueue()).toEqual([]);
  });

  it('keeps entries recorded while the send was travelling', async () => {
    writeFrontLogQueue([{ message: 'a' }]);
    const sending = sendFrontLogQueue();
    writeFrontLogQueue([...readFrontLogQueue(), { message: 'late' }]);
    await sending;
    expect(readFrontLogQueue()).toEqual([{ message: 'late' }]);
  });

  it('on failure warns on the console only and keeps the queue for the next attempt', async () => {
    server.routes.set(FRONT_LOG_PATH, (_request, response) => sendJson(response, envelope(null, 429, '请求过于频繁')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onError = vi.fn();
    configureHttp({ onError });
    writeFrontLogQueue([{ message: 'a' }]);
    await expect(sendFrontLogQueue()).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(readFrontLogQueue()).toEqual([{ message: 'a' }]);
  });

  it('cuts long fields and leaves the oldest entries out so that the post fits the server limit', () => {
    const entries = Array.from({ length: 30 }, (_, index) => ({ message: `e${index}`, stack: '栈'.repeat(5000) }));
    const data = JSON.parse(frontLogPayload(entries)) as { message: string; stack: string }[];
    expect(data[0].stack).toHaveLength(MAX_FIELD_CHARS + 1);
    expect(data.at(-1)!.message).toBe('e29');
    expect(data.length).toBeLessThan(30);
    expect(new TextEncoder().encode(JSON.stringify({ data: JSON.stringify(data) })).length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(JSON.parse(frontLogPayload([{ message: 'short' }]))).toEqual([{ message: 'short' }]);
  });

  it('drops entries the server refuses for their size instead of resending them forever', async () => {
    server.routes.set(FRONT_LOG_PATH, (_request, response) => sendJson(response, envelope(null, 1002022000, '日志内容过大，请求体不能超过64KB')));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    writeFrontLogQueue([{ message: 'a' }]);
    await expect(sendFrontLogQueue()).resolves.toBe(false);
    expect(readFrontLogQueue()).toEqual([]);
  });

  it('resends after a failure until it succeeds', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let attempts = 0;
    server.routes.set(FRONT_LOG_PATH, (_request, response) => {
      attempts += 1;
      sendJson(response, attempts < 2 ? envelope(null, 500, 'down') : envelope(true));
    });
    writeFrontLogQueue([{ message: 'a' }]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    scheduleFrontLogSend();
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    await vi.waitFor(() => expect(attempts).toBe(1));
    expect(readFrontLogQueue()).toHaveLength(1);
    // The second attempt waits twice as long.
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS * 2);
    await vi.waitFor(() => expect(readFrontLogQueue()).toEqual([]));
    expect(attempts).toBe(2);
  });

  it('records window code errors with their position and sends what an earlier page left', async () => {
    writeFrontLogQueue([{ message: 'left over' }]);
    const remove = installFrontLogReporting();
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'boom', error: new TypeError('boom'), filename: 'http://localhost:3000/app.js', lineno: 7, colno: 9 }),
    );
    window.dispatchEvent(new ErrorEvent('error', {}));
    remove();
    const queue = readFrontLogQueue<FrontLogEntry>();
    expect(queue.map((entry) => entry.message)).toEqual(['left over', 'boom']);
    expect(queue[1]).toMatchObject({ name: 'TypeError', position: 'http://localhost:3000/app.js:7:9', source: 'error' });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 3000 });
    // The queue empties when the answer reaches the page, a moment after the server has the batch.
    await vi.waitFor(() => expect(readFrontLogQueue()).toEqual([]), { timeout: 3000 });
  });
});
