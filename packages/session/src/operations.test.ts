import { OPERATIONS_PAGES, operationsPagesFor } from './operations';

describe('operationsPagesFor', () => {
  it('gives nobody without an operator permission a page', () => {
    expect(operationsPagesFor(undefined)).toEqual([]);
    expect(operationsPagesFor(['open:key:manage'])).toEqual([]);
  });

  it('keeps the menu order and only the pages held', () => {
    const pages = operationsPagesFor(['system:audit-log:query', 'operation:feedback:query']);
    expect(pages.map((page) => page.key)).toEqual(['feedback', 'audit-log']);
  });

  it('opens the enterprise-item queue only to holders of its audit permission', () => {
    expect(operationsPagesFor(['operation:enterprise-item:audit']).map((page) => page.key)).toEqual(['enterprise-items']);
    expect(operationsPagesFor(['system:brand-application:query']).map((page) => page.key)).toEqual(['brand-applications']);
  });

  it('opens a page of several permissions to a holder of any one of them', () => {
    expect(operationsPagesFor(['part:search-index:rebuild']).map((page) => page.key)).toEqual(['search-index']);
    expect(operationsPagesFor(['mat:catalog:manage']).map((page) => page.key)).toEqual([
      'catalog-items',
      'catalog-manufacturers',
      'catalog-categories',
      'catalog-import',
    ]);
  });

  it('lists the catalogue items, the manufacturers, the categories and the imports right after the search index', () => {
    const keys = OPERATIONS_PAGES.map((page) => page.key);
    expect(keys.indexOf('catalog-items')).toBe(keys.indexOf('search-index') + 1);
    expect(keys.indexOf('catalog-manufacturers')).toBe(keys.indexOf('catalog-items') + 1);
    expect(keys.indexOf('catalog-categories')).toBe(keys.indexOf('catalog-manufacturers') + 1);
    expect(keys.indexOf('catalog-import')).toBe(keys.indexOf('catalog-categories') + 1);
  });

  it('opens every page to the all-permissions holder', () => {
    expect(operationsPagesFor(['*:*:*'])).toEqual([...OPERATIONS_PAGES]);
  });

  it('keeps every page under the platform home with a distinct key', () => {
    expect(new Set(OPERATIONS_PAGES.map((page) => page.key)).size).toBe(OPERATIONS_PAGES.length);
    for (const page of OPERATIONS_PAGES) expect(page.path).toBe(`/operation/${page.key}`);
  });
});
