import { describe, expect, it } from 'vitest';
import { activeNavKey, activeToolbarKey, headerTypeFromPath, isBrandView, suggestUrl, toolbarItems } from './header-rules';

describe('activeNavKey', () => {
  it.each([
    ['/', 'home'],
    ['/home', 'home'],
    ['/download', 'download'],
    ['/about', 'about'],
    ['/brand-entry', 'brand-entry'],
    ['/part', 'part'],
    ['/part/search', 'part'],
    ['/component/brand-page', 'component'],
  ])('%s highlights %s', (path, key) => {
    expect(activeNavKey(path)).toBe(key);
  });

  it('highlights nothing for materials, error pages and look-alike prefixes', () => {
    expect(activeNavKey('/mat')).toBeUndefined();
    expect(activeNavKey('/404')).toBeUndefined();
    expect(activeNavKey('/partner')).toBeUndefined();
    expect(activeNavKey('/downloads')).toBeUndefined();
  });
});

describe('toolbarItems', () => {
  const keys = (type: Parameters<typeof toolbarItems>[0], isPrivate = false) => toolbarItems(type, { isPrivate }).map((item) => item.key);

  it('gives 3D search to parts only', () => {
    expect(keys('part')).toEqual(['catalogue', 'brand', 'paramCompare', 'search3D', 'compare', 'recommend']);
    expect(keys('component')).toEqual(['catalogue', 'brand', 'paramCompare', 'compare', 'recommend']);
  });

  it('gives materials their own comparison and recommendation and no brand tab', () => {
    expect(keys('mat')).toEqual(['catalogue', 'paramCompare', 'matCompare', 'matRecommend']);
  });

  it('hides catalogue and brand in private mode', () => {
    expect(keys('part', true)).toEqual(['paramCompare', 'search3D', 'compare', 'recommend']);
    expect(keys('mat', true)).toEqual(['paramCompare', 'matCompare', 'matRecommend']);
  });

  it('has no toolbar on home', () => {
    expect(keys('home')).toEqual([]);
  });
});

describe('activeToolbarKey', () => {
  it.each([
    ['/part', 'catalogue'],
    ['/part/search', 'catalogue'],
    ['/part/brand-page', 'brand'],
    ['/part/brand-detail/12', 'brand'],
    ['/part/search3D', 'search3D'],
    ['/component/search2D', 'search3D'],
    ['/component/compare', 'compare'],
    ['/mat/mat-recommend', 'matRecommend'],
    ['/component/detail/5', 'catalogue'],
  ])('%s → %s', (path, key) => {
    expect(activeToolbarKey(path)).toBe(key);
  });
});

describe('header type and suggest call', () => {
  it('reads the type from the path prefix', () => {
    expect(headerTypeFromPath('/part/search')).toBe('part');
    expect(headerTypeFromPath('/mat')).toBe('mat');
    expect(headerTypeFromPath('/download')).toBe('home');
  });

  it('asks the parts index for parts and the components index otherwise', () => {
    expect(suggestUrl('part')).toBe('/public/part/es/keyword/suggest');
    expect(suggestUrl('component')).toBe('/public/component/es/keyword/suggest');
    expect(suggestUrl('mat')).toBe('/public/component/es/keyword/suggest');
  });

  it('knows the brand views', () => {
    expect(isBrandView('/component/brand-page')).toBe(true);
    expect(isBrandView('/component/search')).toBe(false);
  });
});
