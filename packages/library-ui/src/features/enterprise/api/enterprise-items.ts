import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { ComponentSchema } from '@portal/api-types';
import type { LibraryKey } from '@portal/providers';
import { useLibraryConfig } from '../../../config/library-config';

// The enterprise routes' schemas are the same in every library (the kit's enterprise module): the
// component service's generated ones stand for all three.

/** Review state of a submitted item: operators approve or reject every submission. */
export type EnterpriseItemState = ComponentSchema<'EnterpriseItemState'>;

export const ENTERPRISE_ITEM_STATES: readonly EnterpriseItemState[] = ['approved', 'pending', 'rejected'];

/** One parameter of an item: a name unique within the item and its value, both free text. */
export type EnterpriseParameter = ComponentSchema<'EnterpriseParameter'>;

/** What a member submits (`POST /to/api/enterprise/<key>/items`); the limits are `ENTERPRISE_LIMITS`. */
export interface EnterpriseItemDraft {
  code: string;
  name: string;
  categoryId: number;
  manufacturer?: string;
  description?: string;
  parameters?: EnterpriseParameter[];
}

/** An item of the organisation's enterprise library, as the enterprise routes answer it. */
export type EnterpriseItem = Omit<ComponentSchema<'EnterpriseItem'>, 'library'> & { library: LibraryKey };

export interface EnterpriseItemPage {
  list: EnterpriseItem[];
  total: number;
}

/** The contract's limits on a draft (docs/enterprise-library.md), checked in the form before sending. */
export const ENTERPRISE_LIMITS = {
  code: 64,
  name: 128,
  manufacturer: 128,
  description: 2000,
  parameters: 50,
  parameterName: 64,
  parameterValue: 256,
} as const;

/** Personal permission to submit items to one's own organisation's libraries (role `member`). */
export const ENTERPRISE_PUBLISH_PERMISSION = 'enterprise:item:publish';

/** The enterprise routes' error codes (1 042, every library). */
export const EnterpriseErrorCode = {
  notMember: 1_042_001_000,
  itemMissing: 1_042_001_001,
  alreadyReviewed: 1_042_001_002,
  categoryMissing: 1_042_001_003,
} as const;

export interface EnterpriseItemQuery {
  pageNo: number;
  pageSize: number;
  /** Absent: every state. */
  state?: EnterpriseItemState;
  keyword?: string;
}

const enterpriseItemsPath = (library: LibraryKey) => `/enterprise/${library}/items`;

export const enterpriseKeys = {
  all: (library: LibraryKey) => ['enterprise', library, 'items'] as const,
  page: (library: LibraryKey, query: EnterpriseItemQuery) => [...enterpriseKeys.all(library), 'page', query] as const,
};

/** The organisation's items, newest first (`GET /to/api/enterprise/<key>/items`). The organisation is the caller's. */
export async function getEnterpriseItems(library: LibraryKey, query: EnterpriseItemQuery, signal?: AbortSignal): Promise<EnterpriseItemPage> {
  const page = await request<EnterpriseItemPage | null>({
    url: enterpriseItemsPath(library),
    method: 'GET',
    params: { pageNo: query.pageNo, pageSize: query.pageSize, state: query.state, keyword: query.keyword?.trim() || undefined },
    signal,
  });
  return { list: page?.list ?? [], total: page?.total ?? 0 };
}

export function enterpriseItemsQueryOptions(library: LibraryKey, query: EnterpriseItemQuery) {
  return queryOptions({
    queryKey: enterpriseKeys.page(library, query),
    queryFn: ({ signal }) => getEnterpriseItems(library, query, signal),
    // Keep the last page on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useEnterpriseItems(query: EnterpriseItemQuery) {
  const { library } = useLibraryConfig();
  return useQuery(enterpriseItemsQueryOptions(library, query));
}

/**
 * Submits an item for review (`POST /to/api/enterprise/<key>/items`) → the stored item, `pending`. Silent:
 * the form shows the server's refusal itself, next to what the user typed.
 */
export function publishEnterpriseItem(library: LibraryKey, draft: EnterpriseItemDraft): Promise<EnterpriseItem> {
  return request<EnterpriseItem>({ url: enterpriseItemsPath(library), method: 'POST', data: draft, silent: true });
}

/** Publishes into the current library and refetches its lists. */
export function usePublishEnterpriseItem() {
  const { library } = useLibraryConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: EnterpriseItemDraft) => publishEnterpriseItem(library, draft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all(library) }),
  });
}
