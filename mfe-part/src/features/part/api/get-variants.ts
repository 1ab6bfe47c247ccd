import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { PartVariants } from '../types';

/** Every variant of the part's family and standard, smallest size first, then by length. */
export function getVariants(id: number, signal?: AbortSignal): Promise<PartVariants> {
  return request<PartVariants>({ url: `/public/part/item/${id}/variants`, method: 'GET', signal }).then((answer) => ({
    ...answer,
    variants: answer.variants ?? [],
  }));
}

export function variantsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['part', 'variants', id] as const,
    queryFn: ({ signal }) => getVariants(id, signal),
    // Siblings change only with a re-import: moving between variants reuses the answer.
    staleTime: 5 * 60_000,
  });
}

export function useVariants(id: number | undefined) {
  return useQuery({ ...variantsQueryOptions(id ?? 0), enabled: id !== undefined });
}
