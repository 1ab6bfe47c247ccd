import { envelope, sendJson, setUpTestServer } from '@portal/http/testing';
import { getCategoryCounts } from '../../categories/api/get-category-counts';
import { compareItems } from '../../compare/api/compare-items';
import { getAlternatives } from '../../items/api/get-alternatives';
import { getItem } from '../../items/api/get-item';
import { getManufacturer, getManufacturers } from '../../manufacturers/api/get-manufacturers';
import { readSearchState } from '../search-state';
import { searchItems } from './search-items';

const COMPONENTS = '/public/component';

const harness = setUpTestServer('/component');

function queryOf(index = 0): URLSearchParams {
  return new URL(harness.server.requests[index].url, harness.server.origin).searchParams;
}

describe('library API calls', () => {
  it('searches with the URL state as the API query', async () => {
    harness.server.routes.set('/to/api/public/component/search', (_, response) =>
      sendJson(response, envelope({ list: [{ id: 7, partNumber: 'TPS76330' }], total: 1, facets: null })),
    );
    const state = readSearchState(new URLSearchParams('keyWords=LDO|3.3V&package=SOT-23-5&range=voltage:3V..3.4V&sort=partNumber&pageNo=2'));
    const result = await searchItems(COMPONENTS, state);
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
    await searchItems(COMPONENTS, readSearchState(new URLSearchParams('category=ldo')));
    expect(queryOf().get('allowEmpty')).toBe('true');
    expect(queryOf().get('category')).toBe('ldo');
  });

  it('rejects with the server message on a business error', async () => {
    harness.server.routes.set('/to/api/public/component/search', (_, response) => sendJson(response, envelope(null, 400, '请求参数不正确:未知参数：colour')));
    await expect(searchItems(COMPONENTS, readSearchState(new URLSearchParams('keyWords=a')))).rejects.toThrow('未知参数：colour');
  });

  it('reads a component, its alternatives, a comparison and manufacturers', async () => {
    harness.server.routes.set('/to/api/public/component/item/5', (_, response) => sendJson(response, envelope({ component: { id: 5 } })));
    harness.server.routes.set('/to/api/public/component/item/5/alternatives', (_, response) => sendJson(response, envelope(null)));
    harness.server.routes.set('/to/api/public/component/item/compare', (_, response) => sendJson(response, envelope({ components: [], rows: [] })));
    harness.server.routes.set('/to/api/public/component/manufacturer/page', (_, response) => sendJson(response, envelope({ list: [], total: 0 })));
    expect((await getItem(COMPONENTS, 5)).component.id).toBe(5);
    expect(await getAlternatives(COMPONENTS, 5, 3)).toEqual([]);
    expect(queryOf(1).get('size')).toBe('3');
    await compareItems(COMPONENTS, [5, 6, 7]);
    expect(queryOf(2).get('ids')).toBe('5,6,7');
    await getManufacturers(COMPONENTS, { keyWords: '', pageNo: 2, pageSize: 20 });
    expect(queryOf(3).has('keyWords')).toBe(false);
    expect(queryOf(3).get('pageNo')).toBe('2');
  });

  it('asks the API base of the library it is given, not the components library', async () => {
    harness.server.routes.set('/to/api/public/mat/search', (_, response) => sendJson(response, envelope({ list: [], total: 0, facets: null })));
    harness.server.routes.set('/to/api/public/mat/item/9', (_, response) => sendJson(response, envelope({ component: { id: 9 } })));
    harness.server.routes.set('/to/api/public/mat/manufacturer/4', (_, response) => sendJson(response, envelope({ manufacturer: { id: 4 } })));
    harness.server.routes.set('/to/api/public/mat/category/counts', (_, response) => sendJson(response, envelope({ steel: 3 })));
    await searchItems('/public/mat', readSearchState(new URLSearchParams('keyWords=Q235')));
    expect((await getItem('/public/mat', 9)).component.id).toBe(9);
    expect((await getManufacturer('/public/mat', 4, 1, 20)).manufacturer.id).toBe(4);
    expect(await getCategoryCounts('/public/mat')).toEqual({ steel: 3 });
    expect(harness.server.requests.map((request) => new URL(request.url, harness.server.origin).pathname)).toEqual([
      '/to/api/public/mat/search',
      '/to/api/public/mat/item/9',
      '/to/api/public/mat/manufacturer/4',
      '/to/api/public/mat/category/counts',
    ]);
  });
});
