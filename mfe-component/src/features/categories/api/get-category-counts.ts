import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';

/** Components per category code, each category's subtree included (`GET …/component/category/counts`). */
export async function getCategoryCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  const counts = await request<Record<string, number> | null>({ url: '/public/component/category/counts', method: 'GET', signal });
  return counts ?? {};
}

export function categoryCountsQueryOptions() {
  return queryOptions({
    queryKey: ['component', 'category', 'counts'] as const,
    queryFn: ({ signal }) => getCategoryCounts(signal),
    // Counts move with imports, not while someone browses.
    staleTime: 5 * 60 * 1000,
  });
}

export function useCategoryCounts() {
  return useQuery(categoryCountsQueryOptions());
}
