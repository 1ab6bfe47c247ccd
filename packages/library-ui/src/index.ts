export {
  LibraryHome,
  CATEGORY_QUERY_PARAM,
  CATEGORY_VIEW_PARAM,
  type CatalogueItems,
  type LibraryHomeProps,
} from './features/categories/components/library-home';
export { getCategoryTree, categoryTreeQueryOptions, useCategoryTree } from './features/categories/api/get-category-tree';
export { indexCategories, filterCategories, countCategories, sortCategories, catalogueView, type CatalogueView } from './features/categories/tree';
export type { CategoryNode, LocatedCategory } from './features/categories/types';
export {
  createLibraryApplication,
  getLibraryRootElement,
  LIBRARY_ROOT_ID,
  type LibraryApplicationOptions,
  type LibraryLifecycles,
} from './app/create-library-application';
export { mountStandalone } from './app/mount-standalone';
export { LibraryCrashCard } from './app/library-crash-card';
export { RedirectToNotFound } from './app/redirect-to-not-found';
export { LIBRARY_NAMESPACE } from './i18n/messages';
export { ComingSoonPage, type ComingSoonPageProps } from './features/coming-soon/components/coming-soon-page';
export { COMING_SOON_ROUTES, comingSoonLinks, keywordsFrom, type ComingSoonFeature, type ComingSoonLink } from './features/coming-soon/coming-soon';
