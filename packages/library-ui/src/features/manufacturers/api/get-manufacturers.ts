import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import { useLibraryConfig } from '../../../config/library-config';
import type { ManufacturerDetail, ManufacturerPage } from '../../items/types';

export interface ManufacturerQuery {
  keyWords: string;
  pageNo: number;
  pageSize: number;
}

/** Manufacturers, most items first, filtered by name. */
export function getManufacturers(apiBase: string, query: ManufacturerQuery, signal?: AbortSignal): Promise<ManufacturerPage> {
  return request<ManufacturerPage>({
    url: `${apiBase}/manufacturer/page`,
    method: 'GET',
    params: { keyWords: query.keyWords || undefined, pageNo: query.pageNo, pageSize: query.pageSize },
    signal,
  });
}

export function manufacturersQueryOptions(apiBase: string, query: ManufacturerQuery) {
  return queryOptions({
    queryKey: [apiBase, 'manufacturers', query] as const,
    queryFn: ({ signal }) => getManufacturers(apiBase, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useManufacturers(query: ManufacturerQuery) {
  const { apiBase } = useLibraryConfig();
  return useQuery(manufacturersQueryOptions(apiBase, query));
}

/** One manufacturer and a page of its items. */
export function getManufacturer(apiBase: string, id: number, pageNo: number, pageSize: number, signal?: AbortSignal): Promise<ManufacturerDetail> {
  return request<ManufacturerDetail>({
    url: `${apiBase}/manufacturer/${id}`,
    method: 'GET',
    params: { pageNo, pageSize },
    signal,
  });
}

export function manufacturerQueryOptions(apiBase: string, id: number, pageNo: number, pageSize: number) {
  return queryOptions({
    queryKey: [apiBase, 'manufacturer', id, pageNo, pageSize] as const,
    queryFn: ({ signal }) => getManufacturer(apiBase, id, pageNo, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useManufacturer(id: number | undefined, pageNo: number, pageSize: number) {
  const { apiBase } = useLibraryConfig();
  return useQuery({ ...manufacturerQueryOptions(apiBase, id ?? 0, pageNo, pageSize), enabled: id !== undefined });
}
