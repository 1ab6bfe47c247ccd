import { envelope, sendJson, useTestServer } from '../../../../../packages/http/src/testServer';
import { getAlternatives } from '../../components/api/get-alternatives';
import { getComponent } from '../../components/api/get-component';
import { compareComponents } from '../../compare/api/compare-components';
import { getManufacturers } from '../../manufacturers/api/get-manufacturers';
import { readSearchState } from '../search-state';
import { searchComponents } from './search-components';

const harness = useTestServer('/component');

function queryOf(index = 0): URLSearchParams {
  return new URL(harness.server.requests[index].url, harness.server.origin).searchParams;
}

describe('component API calls', () => {
  it('searches with the URL state as the API query', async () => {
    harness.server.routes.set('/to/api/public/component/search', (_, response) =>
      sendJson(response, envelope({ list: [{ id: 7, partNumber: 'TPS76330' }], total: 1, facets: null })),
    );
    const state = readSearchState(new URLSearchParams('keyWords=LDO|3.3V&package=SOT-23-5&range=voltage:3V..3.4V&sort=partNumber&pageNo=2'));
    const result = await searchComponents(state);
    expect(result.total).toBe(1);
    expect(result.facets.categories).toEqual([]);
    const query = queryOf();
    expect(query.get('keyWords')).toBe('LDO|3.3V');
    expect(query.get('package')).toBe('SOT-23-5');
    expect(query.get('range')).toBe('voltage:3V..3.4V');
    expect(query.get('sort')).toBe('partNumber');
    expect(query.get('pageNo')).toBe('2');
    expect(query.has('allowEmpty')).toBe(false);
  });

  it('browses with allowEmpty when only filters are set', async () => {
    harness.server.routes.set('/to/api/public/component/search', (_, response) => sendJson(response, envelope({ list: [], total: 0, facets: null })));
    await searchComponents(readSearchState(new URLSearchParams('category=ldo')));
    expect(queryOf().get('allowEmpty')).toBe('true');
    expect(queryOf().get('category')).toBe('ldo');
  });

  it('rejects with the server message on a business error', async () => {
    harness.server.routes.set('/to/api/public/component/search', (_, response) => sendJson(response, envelope(null, 400, '请求参数不正确:未知参数：colour')));
    await expect(searchComponents(readSearchState(new URLSearchParams('keyWords=a')))).rejects.toThrow('未知参数：colour');
  });

  it('reads a component, its alternatives, a comparison and manufacturers', async () => {
    harness.server.routes.set('/to/api/public/component/item/5', (_, response) => sendJson(response, envelope({ component: { id: 5 } })));
    harness.server.routes.set('/to/api/public/component/item/5/alternatives', (_, response) => sendJson(response, envelope(null)));
    harness.server.routes.set('/to/api/public/component/item/compare', (_, response) => sendJson(response, envelope({ components: [], rows: [] })));
    harness.server.routes.set('/to/api/public/component/manufacturer/page', (_, response) => sendJson(response, envelope({ list: [], total: 0 })));
    expect((await getComponent(5)).component.id).toBe(5);
    expect(await getAlternatives(5, 3)).toEqual([]);
    expect(queryOf(1).get('size')).toBe('3');
    await compareComponents([5, 6, 7]);
    expect(queryOf(2).get('ids')).toBe('5,6,7');
    await getManufacturers({ keyWords: '', pageNo: 2, pageSize: 20 });
    expect(queryOf(3).has('keyWords')).toBe(false);
    expect(queryOf(3).get('pageNo')).toBe('2');
  });
});
