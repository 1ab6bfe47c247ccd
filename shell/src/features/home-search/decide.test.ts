import { describe, expect, it } from 'vitest';
import { decideHomeSearch, matchCategories, type SearchableCategory } from './decide';

const node = (code: string, name: string, nameEn: string, children: SearchableCategory[] = []): SearchableCategory => ({
  code,
  name,
  nameEn,
  children,
});

const partTree = [
  node('fastener', '紧固件', 'Fasteners', [
    node('screw', '螺栓/螺钉', 'Bolts & Screws'),
    node('nut', '螺母', 'Nuts'),
    node('rivet-nut', '铆螺母', 'Rivet Nuts'),
  ]),
  node('bearing', '轴承', 'Bearings', [node('ball-bearing', '球轴承', 'Ball Bearings')]),
];

describe('matchCategories', () => {
  it('matches Chinese and English names as case-insensitive substrings, exact names first', () => {
    expect(matchCategories(partTree, '螺母').map((m) => m.code)).toEqual(['nut', 'rivet-nut']);
    expect(matchCategories(partTree, '  BEARING ').map((m) => m.code)).toEqual(['bearing', 'ball-bearing']);
    expect(matchCategories(partTree, 'ball bearings').map((m) => m.code)).toEqual(['ball-bearing']);
  });

  it('matches nothing for an empty query or an unknown word', () => {
    expect(matchCategories(partTree, '   ')).toEqual([]);
    expect(matchCategories(partTree, 'LM358')).toEqual([]);
  });
});

describe('decideHomeSearch', () => {
  it('goes to the component search when only components match', () => {
    const decision = decideHomeSearch(' LM358 ', { component: 12, part: [], mat: [] });
    expect(decision).toMatchObject({ kind: 'navigate', to: '/component/search?keyWords=LM358' });
  });

  it('goes to the catalogue on the first matching category when only parts or materials match', () => {
    const part = matchCategories(partTree, '螺母');
    expect(decideHomeSearch('螺母', { component: 0, part, mat: [] })).toMatchObject({ kind: 'navigate', to: '/part?category=nut' });
    const mat = [{ code: 'stainless-steel', name: '不锈钢', nameEn: 'Stainless Steels' }];
    expect(decideHomeSearch('不锈钢', { component: 0, part: [], mat })).toMatchObject({ kind: 'navigate', to: '/mat?category=stainless-steel' });
  });

  it('shows each library with its count when several match, in the home page order', () => {
    const part = matchCategories(partTree, 'bearing');
    const decision = decideHomeSearch('bearing', { component: 3, part, mat: null });
    expect(decision.kind).toBe('several');
    if (decision.kind !== 'several') return;
    expect(decision.hits.map((hit) => [hit.library, hit.count, hit.to])).toEqual([
      ['part', 2, '/part?category=bearing'],
      ['component', 3, '/component/search?keyWords=bearing'],
    ]);
    expect(decision.hits[0].categories.map((m) => m.name)).toEqual(['轴承', '球轴承']);
  });

  it('shows at most three category names per library', () => {
    const many = ['a', 'b', 'c', 'd'].map((code) => ({ code, name: code, nameEn: code }));
    const decision = decideHomeSearch('x', { component: 1, part: many, mat: [] });
    expect(decision.kind === 'several' && decision.hits[0].categories.length).toBe(3);
    expect(decision.kind === 'several' && decision.hits[0].count).toBe(4);
  });

  it('says none matched, naming the libraries that could not be asked', () => {
    expect(decideHomeSearch('zzz', { component: 0, part: [], mat: [] })).toEqual({ kind: 'none', unavailable: [] });
    expect(decideHomeSearch('zzz', { component: null, part: [], mat: null })).toEqual({ kind: 'none', unavailable: ['component', 'mat'] });
  });
});
