import type { LibraryKey } from '@portal/providers';

/** The header's type (spec §3 header types): a library, or the home/portal pages. */
export type HeaderType = LibraryKey | 'home';

/** Header nav items (spec §2): home, parts library, components library, plugin download, brand entry, contact us. */
export const NAV_ITEMS = [
  { key: 'home', path: '/', labelKey: 'nav.home' },
  { key: 'part', path: '/part', labelKey: 'nav.part' },
  { key: 'component', path: '/component', labelKey: 'nav.component' },
  { key: 'download', path: '/download', labelKey: 'nav.download' },
  { key: 'brand-entry', path: '/brand-entry', labelKey: 'nav.brandEntry' },
  { key: 'about', path: '/about', labelKey: 'nav.about' },
] as const;

export type NavKey = (typeof NAV_ITEMS)[number]['key'];

function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/**
 * Header highlight (spec §2): follows the path for home, download, about and brand-entry; the two
 * libraries with a nav item are highlighted on their own pages. Materials has no nav item.
 */
export function activeNavKey(pathname: string): NavKey | undefined {
  if (pathname === '/' || pathname === '/home') return 'home';
  const segment = firstSegment(pathname);
  return NAV_ITEMS.find((item) => item.key !== 'home' && item.key === segment)?.key;
}

export type ToolbarKey = 'catalogue' | 'brand' | 'paramCompare' | 'search3D' | 'compare' | 'recommend' | 'matCompare' | 'matRecommend';

export interface ToolbarItem {
  key: ToolbarKey;
  /** Path below the library prefix ('' = the library home). */
  subPath: string;
  labelKey: string;
}

const CATALOGUE: ToolbarItem = { key: 'catalogue', subPath: '', labelKey: 'toolbar.catalogue' };
const BRAND: ToolbarItem = { key: 'brand', subPath: '/brand-page', labelKey: 'toolbar.brand' };
const PARAM_COMPARE: ToolbarItem = { key: 'paramCompare', subPath: '/param-compare', labelKey: 'toolbar.paramCompare' };
const SEARCH_3D: ToolbarItem = { key: 'search3D', subPath: '/search3D', labelKey: 'toolbar.search3D' };
const COMPARE: ToolbarItem = { key: 'compare', subPath: '/compare', labelKey: 'toolbar.compare' };
const RECOMMEND: ToolbarItem = { key: 'recommend', subPath: '/recommend', labelKey: 'toolbar.recommend' };
const MAT_COMPARE: ToolbarItem = { key: 'matCompare', subPath: '/mat-compare', labelKey: 'toolbar.matCompare' };
const MAT_RECOMMEND: ToolbarItem = { key: 'matRecommend', subPath: '/mat-recommend', labelKey: 'toolbar.matRecommend' };

/**
 * The toolbar by type (spec §2): catalogue, manufacturer, parameter comparison, 3D search (parts only),
 * compare, recommend; materials get material comparison and recommendation instead of compare/recommend.
 * Catalogue and brand are hidden in private mode; brand is hidden for materials. Home has no toolbar.
 */
export function toolbarItems(type: HeaderType, options: { isPrivate: boolean }): ToolbarItem[] {
  let items: ToolbarItem[];
  switch (type) {
    case 'part':
      items = [CATALOGUE, BRAND, PARAM_COMPARE, SEARCH_3D, COMPARE, RECOMMEND];
      break;
    case 'component':
      items = [CATALOGUE, BRAND, PARAM_COMPARE, COMPARE, RECOMMEND];
      break;
    case 'mat':
      items = [CATALOGUE, PARAM_COMPARE, MAT_COMPARE, MAT_RECOMMEND];
      break;
    default:
      return [];
  }
  if (options.isPrivate) items = items.filter((item) => item.key !== 'catalogue' && item.key !== 'brand');
  return items;
}

/** True on the manufacturer views (listing and private-mode detail) of a library. */
export function isBrandView(pathname: string): boolean {
  const rest = pathname.split('/').slice(2)[0] ?? '';
  return rest === 'brand-page' || rest === 'brand-detail';
}

/**
 * Toolbar highlight (spec §2): organisation (brand) on brand pages; the 3D search item on search3D and
 * search2D (2D search has no button of its own and belongs to model search); a toolbar item whose own
 * page is open; otherwise catalogue.
 */
export function activeToolbarKey(pathname: string): ToolbarKey {
  if (isBrandView(pathname)) return 'brand';
  const rest = pathname.split('/').slice(2)[0] ?? '';
  if (rest === 'search3D' || rest === 'search2D') return 'search3D';
  const all = [PARAM_COMPARE, COMPARE, RECOMMEND, MAT_COMPARE, MAT_RECOMMEND];
  const own = all.find((item) => item.subPath === `/${rest}`);
  return own ? own.key : 'catalogue';
}

/** Header type from the path prefix: /part, /component, /mat, else home. */
export function headerTypeFromPath(pathname: string): HeaderType {
  const segment = firstSegment(pathname);
  return segment === 'part' || segment === 'component' || segment === 'mat' ? segment : 'home';
}

/** The suggest call of a library (spec §7): parts use the parts index, every other type the components one. */
export function suggestUrl(type: HeaderType): string {
  return type === 'part' ? '/public/part/es/keyword/suggest' : '/public/component/es/keyword/suggest';
}
