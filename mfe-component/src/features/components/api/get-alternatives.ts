import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { Alternative } from '../types';

/** Ranked alternatives of a component, each with the reason it was chosen. */
export function getAlternatives(id: number, size: number, signal?: AbortSignal): Promise<Alternative[]> {
  return request<Alternative[] | null>({
    url: `/public/component/item/${id}/alternatives`,
    method: 'GET',
    params: { size },
    signal,
  }).then((list) => list ?? []);
}

export function alternativesQueryOptions(id: number, size = 10) {
  return queryOptions({
    queryKey: ['component', 'alternatives', id, size] as const,
    queryFn: ({ signal }) => getAlternatives(id, size, signal),
  });
}

export function useAlternatives(id: number | undefined, size = 10) {
  return useQuery({ ...alternativesQueryOptions(id ?? 0, size), enabled: id !== undefined });
}
