import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, type QueryParams } from '@portal/http';
import type { ComponentParameter, ComponentSummary } from '../../components/types';
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
  list: (ComponentSummary & { exact: boolean; parameters?: ComponentParameter[] })[];
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

export async function searchComponents(state: SearchState, signal?: AbortSignal): Promise<SearchResult> {
  const result = await request<SearchResult>({ url: '/public/component/search', method: 'GET', params: searchParams(state), signal });
  return {
    list: result.list ?? [],
    total: result.total ?? 0,
    facets: result.facets ?? { categories: [], manufacturers: [], packages: [], parameters: [] },
  };
}

export function searchQueryOptions(state: SearchState) {
  return queryOptions({
    queryKey: ['component', 'search', searchParams(state)] as const,
    queryFn: ({ signal }) => searchComponents(state, signal),
    // Keep the last table while the next page or filter loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useSearchComponents(state: SearchState, enabled: boolean) {
  return useQuery({ ...searchQueryOptions(state), enabled });
}
