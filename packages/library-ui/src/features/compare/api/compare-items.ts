import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import { useLibraryConfig } from '../../../config/library-config';
import type { CompareResult } from '../../items/types';

/** Side-by-side rows of 2–5 items; each row says whether its values differ. */
export function compareItems(apiBase: string, ids: readonly number[], signal?: AbortSignal): Promise<CompareResult> {
  return request<CompareResult>({
    url: `${apiBase}/item/compare`,
    method: 'GET',
    params: { ids: ids.join(',') },
    signal,
  });
}

export function compareQueryOptions(apiBase: string, ids: readonly number[]) {
  return queryOptions({
    queryKey: [apiBase, 'compare', [...ids]] as const,
    queryFn: ({ signal }) => compareItems(apiBase, ids, signal),
  });
}

/** The server needs at least two ids; with fewer the query stays idle. */
export function useCompare(ids: readonly number[]) {
  const { apiBase } = useLibraryConfig();
  return useQuery({ ...compareQueryOptions(apiBase, ids), enabled: ids.length >= 2 });
}
