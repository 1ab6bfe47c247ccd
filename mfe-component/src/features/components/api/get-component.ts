import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { ComponentDetail } from '../types';

/** One component with parameters, category path, files and drawing URLs. */
export function getComponent(id: number, signal?: AbortSignal): Promise<ComponentDetail> {
  return request<ComponentDetail>({ url: `/public/component/item/${id}`, method: 'GET', signal });
}

export function componentQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['component', 'item', id] as const,
    queryFn: ({ signal }) => getComponent(id, signal),
  });
}

export function useComponent(id: number | undefined) {
  return useQuery({ ...componentQueryOptions(id ?? 0), enabled: id !== undefined });
}
