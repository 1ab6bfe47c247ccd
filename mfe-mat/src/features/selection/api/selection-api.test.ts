import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { postChatRecommend } from './chat-recommend';
import { postRecommend } from './recommend';

const harness = setUpTestServer('/mat');

describe('selection API calls', () => {
  it('posts the request to /public/mat/recommend and reads the ranking', async () => {
    harness.server.routes.set('/to/api/public/mat/recommend', (_, response) =>
      sendJson(
        response,
        envelope({
          objective: { kind: 'index', formula: 'E^1/2/ρ', goal: 'maximise' },
          total: 3,
          matched: 1,
          results: [{ rank: 1, id: 9 }],
          excluded: [],
          chart: { boxes: [] },
        }),
      ),
    );
    const answer = await postRecommend({ constraints: [{ property: 'density', max: 3000 }], objective: { kind: 'index', index: 'stiffBeam' }, families: [] });
    expect(answer.results[0].id).toBe(9);
    const sent = harness.server.requests[0];
    expect(sent.method).toBe('POST');
    expect(JSON.parse(sent.body)).toEqual({
      constraints: [{ property: 'density', max: 3000 }],
      objective: { kind: 'index', index: 'stiffBeam' },
      families: [],
    });
  });

  it('rejects with the envelope message of a validation error', async () => {
    harness.server.routes.set('/to/api/public/mat/recommend', (_, response) => sendJson(response, envelope(null, 1030006000, '推荐条件不正确:未知属性')));
    await expect(postRecommend({ constraints: [], objective: { kind: 'maximise', property: 'density' }, families: [] })).rejects.toThrow('推荐条件不正确');
  });

  it('sends a chat sentence to the algorithm host path /mat/chat-recommend', async () => {
    harness.server.routes.set('/mat/chat-recommend', (_, response) =>
      sendJson(
        response,
        envelope({
          query: { constraints: [{ property: 'density', max: 3000, unit: 'kg/m³' }], families: [], conditions: [], unparsed: [] },
          recommendation: { results: [] },
        }),
      ),
    );
    const answer = await postChatRecommend('密度小于3 g/cm³');
    expect(answer.query.constraints[0].max).toBe(3000);
    expect(JSON.parse(harness.server.requests[0].body)).toEqual({ text: '密度小于3 g/cm³' });
  });
});
