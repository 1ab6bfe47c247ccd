import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { Recommendation, RecommendRequest } from '../types';

/** Ranks the library's materials under the constraints and objective (POST /public/mat/recommend). */
export function postRecommend(body: RecommendRequest, signal?: AbortSignal): Promise<Recommendation> {
  return request<Recommendation>({ url: '/public/mat/recommend', method: 'POST', data: body, signal });
}

export function recommendQueryOptions(body: RecommendRequest) {
  return queryOptions({
    queryKey: ['mat', 'recommend', body] as const,
    queryFn: ({ signal }) => postRecommend(body, signal),
    staleTime: 5 * 60_000,
  });
}

/** The recommendation of the last submitted request (none before the first). */
export function useRecommend(body: RecommendRequest | undefined) {
  return useQuery({
    ...recommendQueryOptions(body ?? { constraints: [], objective: { kind: 'index', index: 'stiffBeam' }, families: [] }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });
}
