import { File as NodeFile } from 'node:buffer';
import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { DEFAULT_SHAPE_OPTIONS, type ShapeAnswer } from '../shape-search';
import { fileKey, QUERY_EXPIRED, searchShape, searchShapeIn, shapeSearchQueryOptions } from './search-shape';

const harness = setUpTestServer('/component');

// jsdom's FormData and File are not bodies Node's fetch can stream (the request never ends): these tests send
// Node's own, as a browser sends its own. Node's FormData is reached through a Response, which jsdom leaves alone.
beforeAll(async () => {
  const nodeForm = await new Response('', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  vi.stubGlobal('FormData', nodeForm.constructor);
});
afterAll(() => vi.unstubAllGlobals());

function fileOf(content: string, name: string): File {
  return new NodeFile([content], name) as unknown as File;
}

const READY = { state: 'ready', models: 3, pending: 0, done: 3, failed: 0, indexed: 3, passes: 1 } as const;

function answerOf(ids: [number, number][]): ShapeAnswer {
  return {
    list: ids.map(([id, score]) => ({
      component: { id, partNumber: `P${id}`, name: '', description: '', pinCount: 0 },
      score,
      thumbnailUrl: `/to/api/public/component/item/${id}/thumbnail.png`,
    })),
    total: ids.length,
    status: READY,
  };
}

function queryOf(index: number): URLSearchParams {
  return new URL(harness.server.requests[index].url, harness.server.origin).searchParams;
}

const model = () => fileOf('solid box\nendsolid box\n', 'box.stl');

describe('shape search calls', () => {
  it('uploads the model as the multipart field file with the slider as minScore', async () => {
    harness.server.routes.set('/to/api/public/component/search3d', (_, response) => sendJson(response, envelope(answerOf([[4, 91.5]]))));
    const result = await searchShapeIn('component', { kind: 'model', file: model() }, { ...DEFAULT_SHAPE_OPTIONS, minScore: 80 }, undefined);
    expect(result).toMatchObject({ library: 'component', searchable: true });
    const request = harness.server.requests[0];
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(request.body).toContain('name="file"; filename="box.stl"');
    expect(queryOf(0).get('minScore')).toBe('80');
    expect(queryOf(0).get('ignoreMirrored')).toBe('true');
    expect(queryOf(0).get('includeSize')).toBe('false');
  });

  it('sends a picture to search2d and find similar to the item route', async () => {
    harness.server.routes.set('/to/api/public/component/search2d', (_, response) => sendJson(response, envelope(answerOf([]))));
    harness.server.routes.set('/to/api/public/component/item/9/similar', (_, response) => sendJson(response, envelope(answerOf([[3, 99]]))));
    await searchShapeIn('component', { kind: 'image', file: fileOf('x', 'sketch.png') }, DEFAULT_SHAPE_OPTIONS, 'component');
    const similar = await searchShape({ kind: 'similar', library: 'component', id: 9 }, DEFAULT_SHAPE_OPTIONS, ['part', 'component'], undefined);
    expect(harness.server.requests.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual([
      'POST /to/api/public/component/search2d',
      'GET /to/api/public/component/item/9/similar',
    ]);
    expect(similar.hits.map((hit) => hit.component.id)).toEqual([3]);
  });

  it('treats a library without shape routes (404) as not searchable yet and merges the others by score', async () => {
    harness.server.routes.set('/to/api/public/component/search3d', (_, response) =>
      sendJson(
        response,
        envelope(
          answerOf([
            [1, 97],
            [2, 60],
          ]),
        ),
      ),
    );
    // No route for the parts: the test server answers the kernel's 404 envelope.
    const merged = await searchShape({ kind: 'model', file: model() }, DEFAULT_SHAPE_OPTIONS, ['part', 'component'], undefined);
    expect(merged.notSearchable).toEqual(['part']);
    expect(merged.hits.map((hit) => [hit.library, hit.component.id])).toEqual([
      ['component', 1],
      ['component', 2],
    ]);
  });

  it('passes the server’s error on (a model it cannot read)', async () => {
    harness.server.routes.set('/to/api/public/component/search3d', (_, response) =>
      sendJson(response, { code: 1040001000, data: null, msg: '模型文件无法读取: STL: unexpected end' }, 400),
    );
    await expect(searchShape({ kind: 'model', file: model() }, DEFAULT_SHAPE_OPTIONS, ['component'], undefined)).rejects.toThrow('模型文件无法读取');
  });

  it('asks an upload again by its query token when the options change, and uploads again once it has expired', async () => {
    const token = 'a1'.repeat(16);
    harness.server.routes.set('/to/api/public/component/search3d', (_, response) =>
      sendJson(response, envelope({ ...answerOf([[4, 91.5]]), queryToken: token })),
    );
    let expired = false;
    harness.server.routes.set(`/to/api/public/component/shape-query/${token}`, (_, response) =>
      expired
        ? sendJson(response, { code: QUERY_EXPIRED, data: null, msg: '搜索条件已过期，请重新上传文件' })
        : sendJson(response, envelope({ ...answerOf([[4, 91.5]]), total: 1, queryToken: token })),
    );
    const file = model();
    const ask = (minScore: number) => searchShapeIn('component', { kind: 'model', file }, { ...DEFAULT_SHAPE_OPTIONS, minScore }, undefined);
    await ask(0);
    await ask(90);
    expired = true;
    await ask(95);
    // Another file (another upload) is sent, never asked by the first one's token.
    await searchShapeIn('component', { kind: 'model', file: model() }, DEFAULT_SHAPE_OPTIONS, undefined);
    expect(harness.server.requests.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual([
      'POST /to/api/public/component/search3d',
      `GET /to/api/public/component/shape-query/${token}`,
      `GET /to/api/public/component/shape-query/${token}`,
      'POST /to/api/public/component/search3d',
      'POST /to/api/public/component/search3d',
    ]);
    expect(queryOf(1).get('minScore')).toBe('90');
    expect(queryOf(3).get('minScore')).toBe('95');
  });

  it('keys an upload’s answer by the file itself: the same file keeps its key, another file never gets it', () => {
    const first = model();
    const second = model();
    expect(fileKey(first)).toBe(fileKey(first));
    expect(fileKey(second)).not.toBe(fileKey(first));
    const keyOf = (file: File) => shapeSearchQueryOptions({ kind: 'model', file }, DEFAULT_SHAPE_OPTIONS, ['part'], undefined).queryKey;
    expect(keyOf(first)).toEqual(keyOf(first));
    expect(keyOf(second)).not.toEqual(keyOf(first));
  });
});
