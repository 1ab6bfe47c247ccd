import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';

/** A brand page an approved application created (docs/feedback-and-logs.md "Brand pages"). */
export type BrandPage = SystemSchema<'BrandView'>;

export function fetchMyBrands(): Promise<BrandPage[]> {
  return http.get<BrandPage[]>('/base/system/brand/my-list');
}

export function fetchBrand(id: number): Promise<BrandPage> {
  return http.get<BrandPage>('/base/system/brand/get', { id }, { silent: true });
}

export function myBrandsQueryOptions() {
  return queryOptions({ queryKey: ['my', 'brands'] as const, queryFn: fetchMyBrands });
}

export function brandQueryOptions(id: number) {
  return queryOptions({ queryKey: ['brand', id] as const, queryFn: () => fetchBrand(id), enabled: Number.isFinite(id) && id > 0 });
}

export function useMyBrands() {
  return useQuery(myBrandsQueryOptions());
}

export function useBrand(id: number) {
  return useQuery(brandQueryOptions(id));
}

/** The portal address of a brand page. */
export function brandPagePath(id: number): string {
  return `/brand/${id}`;
}
