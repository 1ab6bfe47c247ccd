import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { PartRecommendations } from '../types';

/** The mating nuts and washers, the same part in other standards and the next sizes. */
export function getPartRecommendations(id: number, size: number, signal?: AbortSignal): Promise<PartRecommendations> {
  return request<PartRecommendations>({
    url: `/public/part/item/${id}/recommendations`,
    method: 'GET',
    params: { size },
    signal,
  }).then((answer) => ({ ...answer, groups: answer.groups ?? [] }));
}

export function partRecommendationsQueryOptions(id: number, size = 10) {
  return queryOptions({
    queryKey: ['part', 'recommendations', id, size] as const,
    queryFn: ({ signal }) => getPartRecommendations(id, size, signal),
  });
}

export function usePartRecommendations(id: number | undefined, size = 10) {
  return useQuery({ ...partRecommendationsQueryOptions(id ?? 0, size), enabled: id !== undefined });
}
