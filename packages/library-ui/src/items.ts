/**
 * `@portal/library-ui/items`: the library item pages (issue 15) and what a remote's own pages and
 * detail slots use. A federation singleton of its own (packages/build-config/shared.cjs), so the
 * libraries without items (/part, /mat) never download it; it reaches the rest of library-ui through
 * `@portal/library-ui`, never by relative import (that would bundle a second copy). A remote writes a
 * LibraryConfig and routes `libraryRoutes(config, ownRoutes)`; the pages themselves are lazy chunks.
 */
export {
  defineLibraryConfig,
  LibraryConfigProvider,
  useLibraryConfig,
  type LibraryConfig,
  type DetailSlots,
  type DetailSlotProps,
  type SearchFacet,
  type ResultColumn,
  type SearchColumn,
  type FieldColumn,
  type OverviewField,
} from './config/library-config';
export { libraryRoutes, lazyPage } from './pages/library-routes';
export { lazySlot } from './config/lazy-slot';
export { useLibraryTranslation } from './i18n/use-library-translation';
export { QueryState } from './components/query-state';
export { parseId } from './utils/parse-id';
export type {
  ItemSummary,
  ItemRecord,
  ItemParameter,
  ItemDetail,
  ItemFile,
  Manufacturer,
  CategoryStep,
  Alternative,
  CompareRow,
  CompareResult,
  ItemPage,
  ManufacturerPage,
  ManufacturerDetail,
  SearchItem,
  FacetValue,
} from './features/items/types';
export { AddToCompareButton } from './features/compare/components/add-to-compare-button';
export { FileDownloads } from './features/items/components/file-downloads';
export { ItemPicker } from './features/picker/lazy-item-picker';
export { pickerSearch } from './features/picker/picker-search';
export { LazyModelViewer } from './features/model-viewer/components/lazy-model-viewer';
export type { ModelViewerProps } from './features/model-viewer/components/model-viewer';
export { compareListFor, compareSelection, useCompareList, useCompareIds, MAX_COMPARE, type CompareList } from './features/compare/compare-list';
export { itemQueryOptions } from './features/items/api/get-item';
export { differenceRowProps } from './features/compare/difference-row';
export type { RangeUnit, RangeUnits } from './features/search/range';
export { searchItems, searchQueryOptions, useSearchItems, type SearchResult, type SearchFacets } from './features/search/api/search-items';
export { readSearchState, writeSearchState, type SearchState } from './features/search/search-state';
