import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { CompareResult } from '../../components/types';

/** Side-by-side rows of 2–5 components; each row says whether its values differ. */
export function compareComponents(ids: readonly number[], signal?: AbortSignal): Promise<CompareResult> {
  return request<CompareResult>({
    url: '/public/component/item/compare',
    method: 'GET',
    params: { ids: ids.join(',') },
    signal,
  });
}

export function compareQueryOptions(ids: readonly number[]) {
  return queryOptions({
    queryKey: ['component', 'compare', [...ids]] as const,
    queryFn: ({ signal }) => compareComponents(ids, signal),
  });
}

/** The server needs at least two ids; with fewer the query stays idle. */
export function useCompare(ids: readonly number[]) {
  return useQuery({ ...compareQueryOptions(ids), enabled: ids.length >= 2 });
}
