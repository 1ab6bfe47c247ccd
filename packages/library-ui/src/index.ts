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
// Library item pages (issue 15): a remote writes a LibraryConfig, routes libraryRoutes(config) and
// passes the config to createLibraryApplication. The pages themselves are lazy chunks.
export {
  defineLibraryConfig,
  LibraryConfigProvider,
  useLibraryConfig,
  type LibraryConfig,
  type DetailSlots,
  type DetailSlotProps,
  type SearchFacet,
  type ResultColumn,
  type OverviewField,
} from './config/library-config';
export { libraryRoutes } from './pages/library-routes';
export { useLibraryTranslation } from './i18n/use-library-translation';
export { QueryState } from './components/query-state';
export { parseId } from './utils/parse-id';
export type { ItemSummary, ItemParameter, ItemDetail, ItemFile, Manufacturer, CategoryStep, Alternative, CompareRow, CompareResult, Page } from './features/items/types';
export { AddToCompareButton, FileDownloads } from './components/lazy-exports';
export { compareListFor, useCompareList, useCompareIds, MAX_COMPARE, type CompareList } from './features/compare/compare-list';
export { searchItems, searchQueryOptions, useSearchItems, type SearchResult, type FacetValue, type SearchFacets } from './features/search/api/search-items';
export { readSearchState, writeSearchState, type SearchState } from './features/search/search-state';
