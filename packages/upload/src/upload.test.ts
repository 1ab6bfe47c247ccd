import type { ServerResponse } from 'node:http';
import { isPortalError, type PortalError, resetHttpConfig, resetHttpState } from '@portal/http';
import { clearToken, setToken } from '@portal/session';
import { clearAllCookies, delay, envelope, sendJson, setPageUrl, startTestServer, type RecordedRequest, type TestServer } from '@portal/http/testing';
import { CHUNK_SIZE_BYTES, NOT_COMPLETE_MESSAGE, splitIntoParts, uploadFile } from './upload';

const MB = 1024 * 1024;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  setPageUrl('http://localhost:3000/');
  await server.close();
});
beforeEach(() => {
  setPageUrl(`${server.origin}/user`);
  server.requests.length = 0;
  server.routes.clear();
  setToken({ accessToken: 'tok', refreshToken: 'ref' });
});
afterEach(() => {
  resetHttpState();
  resetHttpConfig();
  clearToken();
  clearAllCookies();
});

/** A file of `size` ASCII bytes, so the test server's text body length equals the byte count. */
function fileOf(size: number, name = 'model.step'): File {
  return new File([new Uint8Array(size).fill(0x61)], name, { type: 'application/octet-stream' });
}

async function rejection(promise: Promise<unknown>): Promise<PortalError> {
  try {
    await promise;
  } catch (error) {
    expect(isPortalError(error)).toBe(true);
    return error as PortalError;
  }
  throw new Error('expected the upload to fail');
}

function json(request: RecordedRequest): Record<string, unknown> {
  return JSON.parse(request.body) as Record<string, unknown>;
}

interface FakeStore {
  /** Part PUTs received, by part number. */
  puts: Map<number, number>;
  /** What init reports as already stored. */
  stored: { partNumber: number; etag: string }[];
  /** Lets a test answer a part PUT itself (status, delay…); return true when handled. */
  onPut?: (partNumber: number, response: ServerResponse) => boolean | Promise<boolean>;
}

/** The big-file routes of the file service, with part URLs on the same test server. */
function serveBigFile(): FakeStore {
  const store: FakeStore = { puts: new Map(), stored: [] };
  server.routes.set('/to/api/base/file/bigfile/init', (_request, response) =>
    sendJson(response, envelope({ path: 'model/2026/model.step', uploadId: 'u-1', partSize: CHUNK_SIZE_BYTES, uploadedParts: store.stored })),
  );
  server.routes.set('/to/api/base/file/bigfile/getPartUploadUrl', (request, response) => {
    const query = new URL(request.url, server.origin).searchParams;
    const part = Number(query.get('chunkIndex'));
    sendJson(response, envelope({ singedUrl: `${server.origin}/parts/${part}?sig=x`, header: { 'Content-Type': 'application/octet-stream' } }));
  });
  for (let part = 1; part <= 10; part += 1) {
    server.routes.set(`/parts/${part}`, async (request, response) => {
      if (store.onPut && (await store.onPut(part, response))) return;
      store.puts.set(part, request.body.length);
      response.writeHead(200, { ETag: `"etag-${part}"` });
      response.end();
    });
  }
  server.routes.set('/to/api/base/file/bigfile/complete', (_request, response) => sendJson(response, envelope('/files/model.step')));
  server.routes.set('/to/api/base/file/bigfile/create', (request, response) =>
    sendJson(response, envelope({ id: 77, name: json(request).fileName, size: json(request).size })),
  );
  return store;
}

describe('splitIntoParts', () => {
  it('cuts 20 MB into seven 3 MB parts, the last one 2 MB', () => {
    const parts = splitIntoParts(20 * MB);
    expect(parts).toHaveLength(7);
    expect(parts.map((part) => part.partNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(parts[6]).toEqual({ partNumber: 7, start: 18 * MB, end: 20 * MB });
    expect(parts.slice(0, 6).every((part) => part.end - part.start === 3 * MB)).toBe(true);
  });
  it('has no empty tail part for an exact multiple, and one part for an empty file', () => {
    expect(splitIntoParts(6 * MB)).toHaveLength(2);
    expect(splitIntoParts(0)).toEqual([{ partNumber: 1, start: 0, end: 0 }]);
    expect(() => splitIntoParts(10, 0)).toThrow();
  });
});

describe('uploadFile, single request', () => {
  it('posts a file under 5 MB as multipart with bizCode, fileName and type, reporting progress up to 100', async () => {
    server.routes.set('/to/api/base/file/upload', (_request, response) => sendJson(response, envelope({ id: 12, name: 'photo.png', size: 3 })));
    const progress: number[] = [];
    const uploaded = await uploadFile(fileOf(200 * 1024, 'photo.png'), { bizCode: 'feedback', onProgress: (percent) => progress.push(percent) });
    expect(uploaded).toMatchObject({ id: '12', url: '/to/api/base/file/content/get/12', name: 'photo.png' });
    const [sent] = server.requests;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('Bearer tok');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(sent.body).toContain('name="bizCode"\r\n\r\nfeedback');
    expect(sent.body).toContain('name="fileName"\r\n\r\nphoto.png');
    expect(sent.body).toContain('name="type"\r\n\r\n3');
    expect(progress[progress.length - 1]).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('refreshes an expired access token and sends the file again', async () => {
    let calls = 0;
    server.routes.set('/to/api/base/file/upload', (request, response) => {
      calls += 1;
      if (request.headers.authorization !== 'Bearer fresh') sendJson(response, envelope(null, 401, '账号未登录'));
      else sendJson(response, envelope({ id: 'f-9' }));
    });
    server.routes.set('/to/api/base/system/auth/refresh-token', (_request, response) => sendJson(response, envelope({ accessToken: 'fresh' })));
    const uploaded = await uploadFile(fileOf(10, 'a.png'), { bizCode: 'avatar' });
    expect(uploaded.id).toBe('f-9');
    expect(calls).toBe(2);
  });

  it('refuses a name with a comma before anything is sent', async () => {
    const error = await rejection(uploadFile(fileOf(10, 'a,b.png'), { bizCode: 'feedback' }));
    expect(error.message).toBe('文件名不允许包含逗号，请修改后重新上传');
    expect(server.requests).toHaveLength(0);
  });

  it("passes the server's envelope error on", async () => {
    server.routes.set('/to/api/base/file/upload', (_request, response) => sendJson(response, envelope(null, 1002019003, '文件类型不支持')));
    const error = await rejection(uploadFile(fileOf(10, 'x.exe'), { bizCode: 'feedback' }));
    expect(error).toMatchObject({ code: 1002019003, message: '文件类型不支持' });
  });
});

describe('uploadFile, chunked', () => {
  it('uploads 7 MB as init → three presigned PUTs without credentials → complete → create', async () => {
    const store = serveBigFile();
    const progress: number[] = [];
    const uploaded = await uploadFile(fileOf(7 * MB), { bizCode: 'model', type: 5, onProgress: (percent) => progress.push(percent) });
    expect(uploaded).toMatchObject({ id: '77', name: 'model.step', size: 7 * MB });
    expect([...store.puts.entries()]).toEqual([
      [1, 3 * MB],
      [2, 3 * MB],
      [3, 1 * MB],
    ]);
    const puts = server.requests.filter((request) => request.method === 'PUT');
    expect(puts.every((request) => request.headers.authorization === undefined && request.headers.cookie === undefined)).toBe(true);
    expect(puts[0].headers['content-type']).toBe('application/octet-stream');
    const init = json(server.requests.find((request) => request.url.includes('/bigfile/init'))!);
    expect(init).toMatchObject({ type: 5, bizCode: 'model', fileName: 'model.step', storageType: 11, size: 7 * MB });
    const partUrl = new URL(server.requests.find((request) => request.url.includes('getPartUploadUrl'))!.url, server.origin).searchParams;
    expect(Object.fromEntries(partUrl)).toEqual({ uploadId: 'u-1', chunkIndex: '1', path: 'model/2026/model.step', storageType: '11' });
    const complete = json(server.requests.find((request) => request.url.includes('/bigfile/complete'))!);
    expect(complete).toEqual({
      path: 'model/2026/model.step',
      uploadId: 'u-1',
      storageType: 11,
      etags: [1, 2, 3].map((partNumber) => ({ partNumber, etag: `"etag-${partNumber}"` })),
    });
    const create = json(server.requests.find((request) => request.url.includes('/bigfile/create'))!);
    expect(create).toMatchObject({
      business: 'model',
      fileName: 'model.step',
      path: 'model/2026/model.step',
      fileUrl: '/files/model.step',
      size: 7 * MB,
      storageType: 11,
    });
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    // The parts' shares show up on the way: a third of the file after the first part.
    expect(progress.some((percent) => percent >= 42 && percent < 100)).toBe(true);
  });

  it('resumes: parts init reports as stored are not sent again, their ETags go to complete', async () => {
    const store = serveBigFile();
    store.stored = [
      { partNumber: 1, etag: '"etag-1"' },
      { partNumber: 2, etag: '"etag-2"' },
    ];
    const progress: number[] = [];
    await uploadFile(fileOf(7 * MB), { bizCode: 'model', onProgress: (percent) => progress.push(percent) });
    expect([...store.puts.keys()]).toEqual([3]);
    const complete = json(server.requests.find((request) => request.url.includes('/bigfile/complete'))!);
    expect((complete.etags as unknown[]).length).toBe(3);
    // After the initial 0, progress jumps to what is already stored (6 of 7 MB).
    expect(progress.slice(0, 2)).toEqual([0, 85]);
  });

  it('fails with the status text when a part PUT is not 200', async () => {
    const store = serveBigFile();
    store.onPut = (part, response) => {
      if (part !== 2) return false;
      response.writeHead(403, 'Signature Expired');
      response.end();
      return true;
    };
    const error = await rejection(uploadFile(fileOf(7 * MB), { bizCode: 'model' }));
    expect(error).toMatchObject({ message: 'Signature Expired', code: 403 });
    expect(server.requests.some((request) => request.url.includes('/bigfile/complete'))).toBe(false);
  });

  it("fails with 'not complete' when a part answers no ETag, or the server refuses to assemble", async () => {
    const store = serveBigFile();
    store.onPut = (part, response) => {
      if (part !== 3) return false;
      response.writeHead(200);
      response.end();
      return true;
    };
    expect((await rejection(uploadFile(fileOf(7 * MB), { bizCode: 'model' }))).message).toBe(NOT_COMPLETE_MESSAGE);

    store.onPut = undefined;
    server.routes.set('/to/api/base/file/bigfile/complete', (_request, response) => sendJson(response, envelope(null, 1002019010, 'not complete')));
    const refused = await rejection(uploadFile(fileOf(7 * MB), { bizCode: 'model' }));
    expect(refused).toMatchObject({ code: 1002019010, message: 'not complete' });
    expect(server.requests.some((request) => request.url.includes('/bigfile/create'))).toBe(false);
  });

  it('cancels through the AbortSignal with the muted user abort, and stops sending parts', async () => {
    const store = serveBigFile();
    const controller = new AbortController();
    store.onPut = async (part) => {
      if (part === 2) {
        controller.abort();
        await delay(50);
      }
      return false;
    };
    const error = await rejection(uploadFile(fileOf(10 * MB), { bizCode: 'model', signal: controller.signal }));
    expect(error).toMatchObject({ code: 499, muted: true });
    await delay(100);
    expect(store.puts.has(3)).toBe(false);
    expect(server.requests.some((request) => request.url.includes('/bigfile/complete'))).toBe(false);
  });
});
