import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import { useLibraryConfig } from '../../../config/library-config';
import type { CategoryCounts } from '../../items/types';

/** Items per category code, each category's subtree included (`GET {apiBase}/category/counts`). */
export async function getCategoryCounts(apiBase: string, signal?: AbortSignal): Promise<CategoryCounts> {
  const counts = await request<CategoryCounts | null>({ url: `${apiBase}/category/counts`, method: 'GET', signal });
  return counts ?? {};
}

export function categoryCountsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: [apiBase, 'category', 'counts'] as const,
    queryFn: ({ signal }) => getCategoryCounts(apiBase, signal),
    // Counts move with imports, not while someone browses.
    staleTime: 5 * 60 * 1000,
  });
}

/** The counts of the page's library; idle for a library whose catalogue does not list items. */
export function useCategoryCounts() {
  const { apiBase, catalogueItems } = useLibraryConfig();
  return useQuery({ ...categoryCountsQueryOptions(apiBase), enabled: catalogueItems });
}
