import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ComponentSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { LibraryKey } from '@portal/providers';
import { fetchCategoryTree, type CategoryNode } from '../../brand-entry/api/category-options';
import { decideHomeSearch, matchCategories, type HomeSearchDecision } from '../decide';

/**
 * GET /public/component/search?keyWords=<q>&pageNo=1&pageSize=1 → `{total, …}`: how many components a
 * query finds (one row asked for, only the total is read). Silent: a failure leaves the library out.
 */
export async function fetchComponentTotal(keyword: string, signal?: AbortSignal): Promise<number> {
  const result = await http.get<ComponentSchema<'SearchAnswer'> | null>(
    '/public/component/search',
    { keyWords: keyword, pageNo: 1, pageSize: 1 },
    { silent: true, signal },
  );
  return result?.total ?? 0;
}

export function componentTotalQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: ['shell', 'home-search', 'component-total', keyword],
    queryFn: ({ signal }) => fetchComponentTotal(keyword, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** The parts and materials category trees (the same cache entry the brand-entry form reads). */
export function categoryTreeQueryOptions(library: Exclude<LibraryKey, 'component'>) {
  return queryOptions<CategoryNode[]>({
    queryKey: ['shell', 'category-tree', library],
    queryFn: () => fetchCategoryTree(library),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** Asks the three libraries in parallel; a library that fails answers `null` and the others decide. */
export async function fetchHomeSearch(queryClient: QueryClient, query: string): Promise<HomeSearchDecision> {
  const keyword = query.trim();
  const settle = <T>(promise: Promise<T>) => promise.catch(() => null);
  const [component, partTree, matTree] = await Promise.all([
    settle(queryClient.fetchQuery(componentTotalQueryOptions(keyword))),
    settle(queryClient.fetchQuery(categoryTreeQueryOptions('part'))),
    settle(queryClient.fetchQuery(categoryTreeQueryOptions('mat'))),
  ]);
  return decideHomeSearch(keyword, {
    component,
    part: partTree ? matchCategories(partTree, keyword) : null,
    mat: matTree ? matchCategories(matTree, keyword) : null,
  });
}

/** The home page's search: `mutate(query)` resolves to the decision (navigate, several, none). */
export function useHomeSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (query: string) => fetchHomeSearch(queryClient, query) });
}
