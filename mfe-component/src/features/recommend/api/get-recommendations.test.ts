import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { getRecommendations } from './get-recommendations';

const harness = setUpTestServer('/component');

describe('getRecommendations', () => {
  it('asks for the size per group and reads both groups', async () => {
    harness.server.routes.set('/to/api/public/component/item/5/recommendations', (_, response) =>
      sendJson(
        response,
        envelope({
          component: { id: 5, partNumber: 'AMS1117-3.3' },
          parameters: [],
          groups: [
            { key: 'family', label: '同系列', labelEn: 'Same family', items: [] },
            { key: 'package', label: '封装兼容', labelEn: 'Compatible package', items: [] },
          ],
        }),
      ),
    );
    const answer = await getRecommendations(5, 7);
    expect(answer.component.partNumber).toBe('AMS1117-3.3');
    expect(answer.groups.map((group) => group.key)).toEqual(['family', 'package']);
    expect(new URL(harness.server.requests[0].url, harness.server.origin).searchParams.get('size')).toBe('7');
  });

  it('rejects with the server message for an unknown part', async () => {
    harness.server.routes.set('/to/api/public/component/item/99/recommendations', (_, response) =>
      sendJson(response, envelope(null, 1020002000, '元器件不存在')),
    );
    await expect(getRecommendations(99, 10)).rejects.toThrow('元器件不存在');
  });
});
