import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { getPartRecommendations } from './get-recommendations';
import { getVariants } from './get-variants';

const harness = setUpTestServer('/part');

describe('part API calls', () => {
  it('reads the variants of a part', async () => {
    harness.server.routes.set('/to/api/public/part/item/5/variants', (_, response) =>
      sendJson(
        response,
        envelope({
          component: { id: 5, partNumber: 'ISO 4762 M6×20' },
          variants: [
            { id: 4, partNumber: 'ISO 4762 M6×16', size: 'M6-1', diameterMm: 6, lengthMm: 16 },
            { id: 5, partNumber: 'ISO 4762 M6×20', size: 'M6-1', diameterMm: 6, lengthMm: 20 },
          ],
        }),
      ),
    );
    const answer = await getVariants(5);
    expect(answer.variants.map((variant) => variant.id)).toEqual([4, 5]);
  });

  it('treats a null variant list as empty', async () => {
    harness.server.routes.set('/to/api/public/part/item/6/variants', (_, response) => sendJson(response, envelope({ component: { id: 6 }, variants: null })));
    expect((await getVariants(6)).variants).toEqual([]);
  });

  it('asks for the group size and rejects unknown parts with the server message', async () => {
    harness.server.routes.set('/to/api/public/part/item/5/recommendations', (_, response) =>
      sendJson(response, envelope({ component: { id: 5 }, groups: [{ key: 'nuts', label: '配套螺母', labelEn: 'Mating nuts', items: [] }] })),
    );
    const answer = await getPartRecommendations(5, 7);
    expect(answer.groups.map((group) => group.key)).toEqual(['nuts']);
    expect(new URL(harness.server.requests[0].url, harness.server.origin).searchParams.get('size')).toBe('7');
    harness.server.routes.set('/to/api/public/part/item/99/recommendations', (_, response) => sendJson(response, envelope(null, 1010002000, '零部件不存在')));
    await expect(getPartRecommendations(99, 10)).rejects.toThrow('零部件不存在');
  });
});
