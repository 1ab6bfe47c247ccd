import { comingSoonLinks, COMING_SOON_ROUTES, keywordsFrom } from './coming-soon';

describe('keywordsFrom (spec §2: keyWords joined by a pipe)', () => {
  it('splits, trims and drops empty entries', () => {
    expect(keywordsFrom('?keyWords=M8|%20螺栓%20||')).toEqual(['M8', '螺栓']);
    expect(keywordsFrom('?keyWords=')).toEqual([]);
    expect(keywordsFrom('')).toEqual([]);
  });
});

describe('comingSoonLinks', () => {
  it('offers the library catalogue first, then the components search with the same keywords', () => {
    const links = comingSoonLinks('part', 'search', '?keyWords=AMS1117|10uF');
    expect(links.map((link) => link.id)).toEqual(['catalogue', 'component']);
    expect(links[0]).toMatchObject({ href: '/part', labelKey: 'comingSoon.toCatalogue' });
    expect(links[1].labelKey).toBe('comingSoon.searchComponents');
    const target = new URL(links[1].href, 'http://portal.test');
    expect(target.pathname).toBe('/component/search');
    expect(target.searchParams.get('keyWords')).toBe('AMS1117|10uF');
  });

  it('offers the components counterpart of a feature that exists there', () => {
    expect(comingSoonLinks('part', 'compare')[1]).toEqual({ id: 'component', href: '/component/compare', labelKey: 'comingSoon.componentCounterpart' });
    expect(comingSoonLinks('mat', 'paramCompare')[1].href).toBe('/component/param-compare');
    expect(comingSoonLinks('part', 'brand')[1].href).toBe('/component/brand-page');
    expect(comingSoonLinks('part', 'recommend')[1].href).toBe('/component/recommend');
  });

  it('offers the components home where it has no counterpart, or when a search has no keywords', () => {
    for (const feature of ['matCompare', 'matRecommend', 'search'] as const) {
      expect(comingSoonLinks('mat', feature)[1]).toEqual({ id: 'component', href: '/component', labelKey: 'comingSoon.toComponents' });
    }
    expect(comingSoonLinks('mat', 'matCompare')[0].href).toBe('/mat');
  });

  it('never sends the components library to itself', () => {
    expect(comingSoonLinks('component', 'matCompare')).toEqual([{ id: 'catalogue', href: '/component', labelKey: 'comingSoon.toCatalogue' }]);
  });

  it('answers on the paths the shell toolbar links to', () => {
    expect(COMING_SOON_ROUTES).toMatchObject({
      brand: 'brand-page',
      paramCompare: 'param-compare',
      compare: 'compare',
      recommend: 'recommend',
      matCompare: 'mat-compare',
      matRecommend: 'mat-recommend',
    });
  });
});
