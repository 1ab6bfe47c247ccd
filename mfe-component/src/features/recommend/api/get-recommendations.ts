import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { Recommendations } from '../types';

/** The part, its family (同系列) and the package-compatible parts (封装兼容), each ranked with reasons. */
export function getRecommendations(id: number, size: number, signal?: AbortSignal): Promise<Recommendations> {
  return request<Recommendations>({
    url: `/public/component/item/${id}/recommendations`,
    method: 'GET',
    params: { size },
    signal,
  }).then((answer) => ({ ...answer, groups: answer.groups ?? [] }));
}

export function recommendationsQueryOptions(id: number, size = 10) {
  return queryOptions({
    queryKey: ['component', 'recommendations', id, size] as const,
    queryFn: ({ signal }) => getRecommendations(id, size, signal),
  });
}

export function useRecommendations(id: number | undefined, size = 10) {
  return useQuery({ ...recommendationsQueryOptions(id ?? 0, size), enabled: id !== undefined });
}
