import { operationsPermission } from '@portal/session';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { PageResult } from './feedback-admin';

/** Operator permissions of the brand-entry back end (docs/shell.md "Brand entry"). */
export const BRAND_APPLICATION_QUERY_PERMISSION = operationsPermission('brand-applications');
export const BRAND_APPLICATION_REVIEW_PERMISSION = 'system:brand-application:review';
export const BRAND_APPLICATION_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const BRAND_REVIEW_REMARK_MAX = 500;

/** An application as operators see it (`BrandApplicationView` of the system service). */
export type BrandApplicationRecord = SystemSchema<'BrandApplicationView'>;

export interface BrandApplicationFilters {
  pageNo: number;
  pageSize: number;
  status?: number;
  keyword?: string;
  /** Epoch milliseconds. */
  beginTime?: number;
  endTime?: number;
}

export interface BrandApplicationReview {
  id: number;
  /** 1 approve, 2 reject (a rejection needs a remark). */
  status: 1 | 2;
  reviewRemark: string;
}

/** GET /base/system/brand-application/page → `{list, total}`. */
export function pageBrandApplications(filters: BrandApplicationFilters): Promise<PageResult<BrandApplicationRecord>> {
  return http.get<PageResult<BrandApplicationRecord>>('/base/system/brand-application/page', { ...filters });
}

/** POST /base/system/brand-application/review `{id, status, reviewRemark}`. */
export function reviewBrandApplication(input: BrandApplicationReview): Promise<boolean> {
  return http.post<boolean>('/base/system/brand-application/review', input, { silent: true });
}

const brandApplicationKeys = {
  all: ['operations', 'brand-application'] as const,
  page: (filters: BrandApplicationFilters) => [...brandApplicationKeys.all, 'page', filters] as const,
};

export const brandApplicationPageQueryOptions = (filters: BrandApplicationFilters) =>
  queryOptions({
    queryKey: brandApplicationKeys.page(filters),
    queryFn: () => pageBrandApplications(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useBrandApplicationPage(filters: BrandApplicationFilters) {
  return useQuery(brandApplicationPageQueryOptions(filters));
}

export function useReviewBrandApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewBrandApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandApplicationKeys.all }),
  });
}
