import { LIBRARIES, paths, type LibraryKey } from '@portal/providers';

/**
 * Library pages the header links to (toolbar buttons, the search box) that a library has not built
 * yet. Until they land, each of these routes shows a "coming soon" page instead of the 404 page
 * (docs/frontend-remotes.md, "Coming-soon pages").
 */
export type ComingSoonFeature = 'search' | 'brand' | 'brandDetail' | 'paramCompare' | 'compare' | 'recommend' | 'matCompare' | 'matRecommend';

/** The route below the library prefix each feature answers on (the shell's toolbar paths, spec §2). */
export const COMING_SOON_ROUTES: Readonly<Record<ComingSoonFeature, string>> = {
  search: 'search',
  brand: 'brand-page',
  brandDetail: 'brand-detail/:id',
  paramCompare: 'param-compare',
  compare: 'compare',
  recommend: 'recommend',
  matCompare: 'mat-compare',
  matRecommend: 'mat-recommend',
};

/**
 * The components library's page that already does what the feature will do, if any; the
 * coming-soon page offers it. Materials' own comparison and recommendation have no counterpart.
 */
const COMPONENT_COUNTERPART: Partial<Record<ComingSoonFeature, string>> = {
  brand: '/component/brand-page',
  paramCompare: '/component/param-compare',
  compare: '/component/compare',
  recommend: '/component/recommend',
};

/** spec §2: keyWords is a list joined by a pipe. Empty entries are dropped. */
export function keywordsFrom(search: string): string[] {
  const raw = new URLSearchParams(search).get('keyWords') ?? '';
  return raw
    .split('|')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

export interface ComingSoonLink {
  /** Stable id for tests and React keys. */
  id: 'catalogue' | 'component';
  /** Absolute portal path. */
  href: string;
  /** i18n key in the `library` namespace. */
  labelKey: string;
}

/**
 * What a coming-soon page offers instead: the library's own category tree (what it has today),
 * then the components library — its search with the same keywords, its counterpart page of the
 * feature, or its home. The components library's own pages are never "coming soon", so on a
 * component page only the catalogue link is offered.
 */
export function comingSoonLinks(library: LibraryKey, feature: ComingSoonFeature, search = ''): ComingSoonLink[] {
  const links: ComingSoonLink[] = [{ id: 'catalogue', href: paths.library(library), labelKey: 'comingSoon.toCatalogue' }];
  if (library === 'component') return links;
  const keywords = feature === 'search' ? keywordsFrom(search) : [];
  if (keywords.length > 0) {
    links.push({ id: 'component', href: paths.librarySearch('component', keywords), labelKey: 'comingSoon.searchComponents' });
  } else if (COMPONENT_COUNTERPART[feature]) {
    links.push({ id: 'component', href: COMPONENT_COUNTERPART[feature], labelKey: 'comingSoon.componentCounterpart' });
  } else {
    links.push({ id: 'component', href: LIBRARIES.component.routePrefix, labelKey: 'comingSoon.toComponents' });
  }
  return links;
}
