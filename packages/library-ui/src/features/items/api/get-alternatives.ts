import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import { useLibraryConfig } from '../../../config/library-config';
import type { Alternative } from '../types';

/** Ranked alternatives of an item, each with the reason it was chosen (`GET {apiBase}/item/{id}/alternatives`). */
export function getAlternatives(apiBase: string, id: number, size: number, signal?: AbortSignal): Promise<Alternative[]> {
  return request<Alternative[] | null>({
    url: `${apiBase}/item/${id}/alternatives`,
    method: 'GET',
    params: { size },
    signal,
  }).then((list) => list ?? []);
}

export function alternativesQueryOptions(apiBase: string, id: number, size = 10) {
  return queryOptions({
    queryKey: [apiBase, 'alternatives', id, size] as const,
    queryFn: ({ signal }) => getAlternatives(apiBase, id, size, signal),
  });
}

export function useAlternatives(id: number | undefined, size = 10) {
  const { apiBase } = useLibraryConfig();
  return useQuery({ ...alternativesQueryOptions(apiBase, id ?? 0, size), enabled: id !== undefined });
}
