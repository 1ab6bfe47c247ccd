import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { ComponentSummary, Manufacturer, Page } from '../../components/types';

export interface ManufacturerQuery {
  keyWords: string;
  pageNo: number;
  pageSize: number;
}

/** Manufacturers, most components first, filtered by name. */
export function getManufacturers(query: ManufacturerQuery, signal?: AbortSignal): Promise<Page<Manufacturer>> {
  return request<Page<Manufacturer>>({
    url: '/public/component/manufacturer/page',
    method: 'GET',
    params: { keyWords: query.keyWords || undefined, pageNo: query.pageNo, pageSize: query.pageSize },
    signal,
  });
}

export function manufacturersQueryOptions(query: ManufacturerQuery) {
  return queryOptions({
    queryKey: ['component', 'manufacturers', query] as const,
    queryFn: ({ signal }) => getManufacturers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useManufacturers(query: ManufacturerQuery) {
  return useQuery(manufacturersQueryOptions(query));
}

export interface ManufacturerDetail {
  manufacturer: Manufacturer;
  components: Page<ComponentSummary>;
}

/** One manufacturer and a page of its components. */
export function getManufacturer(id: number, pageNo: number, pageSize: number, signal?: AbortSignal): Promise<ManufacturerDetail> {
  return request<ManufacturerDetail>({
    url: `/public/component/manufacturer/${id}`,
    method: 'GET',
    params: { pageNo, pageSize },
    signal,
  });
}

export function manufacturerQueryOptions(id: number, pageNo: number, pageSize: number) {
  return queryOptions({
    queryKey: ['component', 'manufacturer', id, pageNo, pageSize] as const,
    queryFn: ({ signal }) => getManufacturer(id, pageNo, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useManufacturer(id: number | undefined, pageNo: number, pageSize: number) {
  return useQuery({ ...manufacturerQueryOptions(id ?? 0, pageNo, pageSize), enabled: id !== undefined });
}
