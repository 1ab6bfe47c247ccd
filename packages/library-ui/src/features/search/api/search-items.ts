import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, type QueryParams } from '@portal/http';
import { useLibraryConfig } from '../../../config/library-config';
import type { ItemParameter, ItemSummary } from '../../items/types';
import { serializeRanges } from '../range';
import type { SearchState } from '../search-state';

export interface FacetValue {
  value: string;
  /** Chinese display name (categories, dimensions; the value itself for manufacturers and packages). */
  name: string;
  /** English display name (older servers leave it out). */
  nameEn?: string;
  count: number;
}

export interface SearchFacets {
  categories: FacetValue[];
  manufacturers: FacetValue[];
  packages: FacetValue[];
  /** Dimensions stated by the hits (`value` is the dimension key, `name`/`nameEn` its names). */
  parameters: FacetValue[];
}

export interface SearchResult {
  /** Each hit with its parameter values (one per dimension), for the parameter columns. */
  list: (ItemSummary & { exact: boolean; parameters?: ItemParameter[] })[];
  total: number;
  facets: SearchFacets;
}

/** The API query of a search state (docs/search.md, HTTP). */
export function searchParams(state: SearchState): QueryParams {
  const join = (values: string[]) => (values.length ? values.join('|') : undefined);
  return {
    keyWords: join(state.keyWords),
    notAnalyzerKeyWords: join(state.notAnalyzerKeyWords),
    category: state.category,
    manufacturer: join(state.manufacturers),
    package: join(state.packages),
    range: state.ranges.length ? serializeRanges(state.ranges) : undefined,
    sort: state.sort === 'relevance' ? undefined : state.sort,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    // Filters alone (no keyword) browse the library.
    allowEmpty: state.keyWords.length === 0 && state.notAnalyzerKeyWords.length === 0 ? true : undefined,
  };
}

/** One page of hits with their facets (`GET {apiBase}/search`). */
export async function searchItems(apiBase: string, state: SearchState, signal?: AbortSignal): Promise<SearchResult> {
  const result = await request<SearchResult>({ url: `${apiBase}/search`, method: 'GET', params: searchParams(state), signal });
  return {
    list: result.list ?? [],
    total: result.total ?? 0,
    facets: result.facets ?? { categories: [], manufacturers: [], packages: [], parameters: [] },
  };
}

export function searchQueryOptions(apiBase: string, state: SearchState) {
  return queryOptions({
    queryKey: [apiBase, 'search', searchParams(state)] as const,
    queryFn: ({ signal }) => searchItems(apiBase, state, signal),
    // Keep the last table while the next page or filter loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useSearchItems(state: SearchState, enabled: boolean) {
  const { apiBase } = useLibraryConfig();
  return useQuery({ ...searchQueryOptions(apiBase, state), enabled });
}
