import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, type QueryParams } from '@portal/http';
import { useLibraryConfig } from '../../../config/library-config';
import type { FacetValue, SearchAnswer } from '../../items/types';
import { serializeRanges } from '../range';
import type { SearchState } from '../search-state';

/**
 * Every facet as a list: one the library does not configure (materials have no package) is absent or
 * null on the wire and empty here. `parameters` are the dimensions stated by the hits (`value` is the
 * dimension key, `name`/`nameEn` its names).
 */
export type SearchFacets = { [Facet in keyof SearchAnswer['facets']]-?: FacetValue[] };

/** A search answer with its facets as lists; each hit carries its parameter values for the columns. */
export type SearchResult = Omit<SearchAnswer, 'facets'> & { facets: SearchFacets };

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
  const result = await request<SearchAnswer>({ url: `${apiBase}/search`, method: 'GET', params: searchParams(state), signal });
  // The schema has every field; the answer is still read defensively, as before the generated types:
  // a stand-in server (tests, an older build) that leaves them out or null gets an empty page.
  const facets: Partial<SearchAnswer['facets']> = result.facets ?? {};
  return {
    list: result.list ?? [],
    total: result.total ?? 0,
    facets: {
      categories: facets.categories ?? [],
      manufacturers: facets.manufacturers ?? [],
      packages: facets.packages ?? [],
      parameters: facets.parameters ?? [],
    },
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
