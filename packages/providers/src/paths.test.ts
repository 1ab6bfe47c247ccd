import { paths } from './paths';
import { LIBRARIES, LIBRARY_KEYS, HEADER_TYPE, isLibraryKey, libraryFromPath } from './libraries';

describe('paths', () => {
  it('builds the shell routes', () => {
    expect(paths.home()).toBe('/');
    expect(paths.notFound()).toBe('/404');
    expect(paths.user()).toBe('/user');
  });

  it('builds library homes with an optional, encoded category', () => {
    expect(paths.library('part')).toBe('/part');
    expect(paths.library('component', { category: 'resistor' })).toBe('/component?category=resistor');
    expect(paths.library('mat', { category: '' })).toBe('/mat');
  });

  it('joins search keywords with a pipe (spec §2)', () => {
    expect(paths.librarySearch('component', ['10uF', '0603'])).toBe('/component/search?keyWords=10uF%7C0603');
    expect(new URL(paths.librarySearch('part', ['M6 螺钉']), 'http://x').searchParams.get('keyWords')).toBe('M6 螺钉');
  });

  it('encodes redirects and error details', () => {
    expect(paths.login('/part?category=a&b=1')).toBe('/login?redirect=%2Fpart%3Fcategory%3Da%26b%3D1');
    expect(paths.login()).toBe('/login');
    expect(paths.forbidden({ message: '无权限', code: 403 })).toBe('/403?message=%E6%97%A0%E6%9D%83%E9%99%90&code=403');
    expect(paths.error(500, 'busy')).toBe('/500?message=busy&code=500');
    // Non-numeric codes fall back to /400 (spec §2).
    expect(paths.error('E_BAD')).toBe('/400?code=E_BAD');
  });
});

describe('LIBRARIES', () => {
  it('describes each library with the spec numbers and the federation name', () => {
    expect(LIBRARY_KEYS).toEqual(['part', 'component', 'mat']);
    expect(LIBRARIES.part).toMatchObject({ name: '零部件库', routePrefix: '/part', federationName: 'mfe_part', headerType: 1 });
    expect(LIBRARIES.component).toMatchObject({ name: '元器件库', headerType: 2, platformType: 2 });
    expect(LIBRARIES.mat).toMatchObject({ name: '材料库', headerType: 4, platformType: 4 });
    expect(HEADER_TYPE.home).toBe(3);
  });

  it('finds the library of a path', () => {
    expect(libraryFromPath('/part')).toBe('part');
    expect(libraryFromPath('/component/search')).toBe('component');
    expect(libraryFromPath('/material')).toBeNull();
    expect(libraryFromPath('/')).toBeNull();
    expect(isLibraryKey('mat')).toBe(true);
    expect(isLibraryKey('home')).toBe(false);
  });
});
