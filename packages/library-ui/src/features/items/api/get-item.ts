import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import { useLibraryConfig } from '../../../config/library-config';
import type { ItemDetail } from '../types';

/** One item with parameters, category path and files (`GET {apiBase}/item/{id}`). */
export function getItem(apiBase: string, id: number, signal?: AbortSignal): Promise<ItemDetail> {
  return request<ItemDetail>({ url: `${apiBase}/item/${id}`, method: 'GET', signal });
}

export function itemQueryOptions(apiBase: string, id: number) {
  return queryOptions({
    queryKey: [apiBase, 'item', id] as const,
    queryFn: ({ signal }) => getItem(apiBase, id, signal),
  });
}

export function useItem(id: number | undefined) {
  const { apiBase } = useLibraryConfig();
  return useQuery({ ...itemQueryOptions(apiBase, id ?? 0), enabled: id !== undefined });
}
