import { operationsPermission } from '@portal/session';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestBlob } from '@portal/http';
import type { ComponentSchema } from '@portal/api-types';
import { downloadBlob, type LibraryKey } from '@portal/providers';
import type { PageResult } from './feedback-admin';

/** The operator permission of the enterprise-item queue (docs/enterprise-library.md "Permissions"). */
export const ENTERPRISE_ITEM_AUDIT_PERMISSION = operationsPermission('enterprise-items');
export const ENTERPRISE_ITEM_STATES = ['pending', 'approved', 'rejected'] as const;
/** A reviewer's remark holds at most this many characters; a rejection needs one. */
export const ENTERPRISE_REVIEW_REMARK_MAX = 500;
/** The item was reviewed meanwhile (another operator was first): the queue is stale. */
export const ENTERPRISE_ITEM_ALREADY_REVIEWED = 1_042_001_002;

/** The same in every library (the kit's enterprise module); generated from the component service's document. */
export type EnterpriseItemState = ComponentSchema<'EnterpriseItemState'>;
export type EnterpriseItemParameter = ComponentSchema<'EnterpriseParameter'>;
export type EnterpriseItemFile = ComponentSchema<'EnterpriseFile'>;
/** An item an organisation submitted (docs/enterprise-library.md). */
export type EnterpriseItem = Omit<ComponentSchema<'EnterpriseItem'>, 'library'> & { library: LibraryKey };

export interface EnterpriseItemFilters {
  library: LibraryKey;
  pageNo: number;
  pageSize: number;
  /** Absent: every state. */
  state?: EnterpriseItemState;
  orgId?: number;
}

export interface EnterpriseItemReview {
  library: LibraryKey;
  id: number;
  approved: boolean;
  /** Required when rejecting (else 400). */
  remark?: string;
}

const itemsPath = (library: LibraryKey) => `/operation/${library}/enterprise-items`;

/** GET /operation/{library}/enterprise-items?pageNo&pageSize&state&orgId → `{list, total}`, oldest first (a queue). */
export function pageEnterpriseItems({ library, ...filters }: EnterpriseItemFilters): Promise<PageResult<EnterpriseItem>> {
  return http.get<PageResult<EnterpriseItem>>(itemsPath(library), { ...filters });
}

/** PUT /operation/{library}/enterprise-items/{id} `{approved, remark?}` → the reviewed item; `1042001002` when no longer pending. */
export function reviewEnterpriseItem({ library, id, approved, remark }: EnterpriseItemReview): Promise<EnterpriseItem> {
  return http.put<EnterpriseItem>(`${itemsPath(library)}/${id}`, remark ? { approved, remark } : { approved }, { silent: true });
}

/** GET /operation/{library}/enterprise-items/{id}/files/{index} (with the operator's session), saved under the file's name. */
export async function downloadEnterpriseItemFile({ library, id, index, file }: { library: LibraryKey; id: number; index: number; file: EnterpriseItemFile }) {
  downloadBlob(await requestBlob(`${itemsPath(library)}/${id}/files/${index}`), file.name);
}

/** The path of the PNG thumbnail of a model file (`file.thumbnail` set). */
export const enterpriseItemThumbnailPath = (library: LibraryKey, id: number, index: number) => `${itemsPath(library)}/${id}/files/${index}?thumbnail=true`;

export function useDownloadEnterpriseItemFile() {
  return useMutation({ mutationFn: downloadEnterpriseItemFile });
}

const enterpriseItemKeys = {
  all: ['operations', 'enterprise-items'] as const,
  page: (filters: EnterpriseItemFilters) => [...enterpriseItemKeys.all, 'page', filters] as const,
};

export const enterpriseItemsPageQueryOptions = (filters: EnterpriseItemFilters) =>
  queryOptions({
    queryKey: enterpriseItemKeys.page(filters),
    queryFn: () => pageEnterpriseItems(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useEnterpriseItemsPage(filters: EnterpriseItemFilters) {
  return useQuery(enterpriseItemsPageQueryOptions(filters));
}

/**
 * A review refetches the queue whatever the answer: after a success the item leaves "pending", and after
 * `1042001002` (or a missing item) the queue shows what another operator did.
 */
export function useReviewEnterpriseItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewEnterpriseItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: enterpriseItemKeys.all }),
  });
}
