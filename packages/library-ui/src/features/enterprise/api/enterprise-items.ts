import { useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPortalError,
  ErrorCode,
  getHttpConfig,
  interpretResponse,
  request,
  resolveRequestUrl,
  sessionHeaders,
  toAbsoluteUrl,
  withSessionRefresh,
} from '@portal/http';
import type { ComponentSchema } from '@portal/api-types';
import { downloadBlob, type LibraryKey } from '@portal/providers';
import { postFormWithProgress } from '@portal/upload';
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
  /** 批量文件无法读取:<reason> — not the template's header, unknown encoding, no data rows, over 1000 rows. */
  batchUnreadable: 1_042_002_000,
  /** 批量文件过大:<limit> — over 2 MB. */
  batchTooLarge: 1_042_002_001,
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

// ---- batch publishing (批量发布) ----

/**
 * One refused row of a batch import: `row` is the line number in the file (the header is line 1), `field` the
 * template's column at fault (absent or null: the row as a whole), `reason` the server's words.
 */
export type EnterpriseBatchError = ComponentSchema<'BatchRowError'>;

/**
 * The answer of `POST /to/api/enterprise/<key>/items/batch`. All or nothing: with any error nothing was stored
 * (`imported` is 0); without, every one of the file's `rows` data rows was submitted for review.
 */
export type EnterpriseBatchReport = ComponentSchema<'EnterpriseBatchReport'>;

/** The batch import's limits: data rows of a file (the header not counted) and its size; checked by the server. */
export const ENTERPRISE_BATCH_LIMITS = {
  rows: 1000,
  bytes: 2 * 1024 * 1024,
} as const;

/** The template's header row, in order (UTF-8 with a BOM; Excel's GBK/GB18030 CSV is read too). */
export const ENTERPRISE_TEMPLATE_COLUMNS = ['编码', '名称', '分类', '厂商', '描述', '参数'] as const;

/** The name the template is saved under. */
export const enterpriseTemplateFileName = (library: LibraryKey) => `enterprise-${library}-template.csv`;

function httpErrorOptions() {
  const { locale, loginPath } = getHttpConfig();
  return { locale, loginPath };
}

/**
 * The CSV template (`GET /to/api/enterprise/<key>/items/template`) as a Blob. `@portal/http`'s `request` reads
 * every answer as a JSON envelope, so this fetches with its session headers (Bearer token, tenant, channel) and
 * reads an error envelope with its `interpretResponse`; an expired token is refreshed once (`withSessionRefresh`).
 */
export async function getEnterpriseTemplate(library: LibraryKey, signal?: AbortSignal): Promise<Blob> {
  const url = toAbsoluteUrl(resolveRequestUrl(`${enterpriseItemsPath(library)}/template`));
  const send = async (): Promise<Blob> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'GET',
        headers: { Accept: 'text/csv, application/json;q=0.9, */*;q=0.8', ...sessionHeaders() },
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      const code = signal?.aborted ? ErrorCode.canceled : ErrorCode.network;
      throw createPortalError({ code, message: cause instanceof Error ? cause.message : undefined, url, cause }, httpErrorOptions());
    }
    if (response.ok && !(response.headers.get('content-type') ?? '').includes('json')) return response.blob();
    // An error envelope (or a proxy's page) throws the portal's error with the server's message.
    interpretResponse(response.status, await response.text(), url);
    // A JSON answer with code 0 is no file either.
    throw createPortalError({ code: ErrorCode.server, url }, httpErrorOptions());
  };
  return withSessionRefresh(send);
}

/** Fetches the current library's template and saves it as `enterprise-<key>-template.csv`; answers the name. */
export function useDownloadEnterpriseTemplate() {
  const { library } = useLibraryConfig();
  return useMutation({
    mutationFn: async () => {
      const fileName = enterpriseTemplateFileName(library);
      downloadBlob(await getEnterpriseTemplate(library), fileName);
      return fileName;
    },
  });
}

/**
 * Imports a CSV file (`POST /to/api/enterprise/<key>/items/batch`, multipart field `file`) → the report.
 * The dialog shows a refusal of the whole file (`batchUnreadable`, `batchTooLarge`, …) itself, and the upload's
 * percentage through `onProgress`.
 */
export function importEnterpriseItems(library: LibraryKey, file: File, onProgress?: (percent: number) => void): Promise<EnterpriseBatchReport> {
  const form = () => {
    const body = new FormData();
    body.append('file', file, file.name);
    return body;
  };
  // Through XMLHttpRequest: fetch reports no upload progress.
  return postFormWithProgress<EnterpriseBatchReport | null>(`${enterpriseItemsPath(library)}/batch`, form, {
    onProgress: (loaded, total) => onProgress?.(total > 0 ? Math.round((loaded / total) * 100) : 0),
  }).then((report) => ({
    rows: report?.rows ?? 0,
    imported: report?.imported ?? 0,
    errors: report?.errors ?? [],
  }));
}

/** Imports into the current library, with the upload's percentage; a file without errors (every row stored) refetches its lists. */
export function useImportEnterpriseItems() {
  const { library } = useLibraryConfig();
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setPercent(0);
      return importEnterpriseItems(library, file, setPercent);
    },
    onSuccess: (report) => (report.errors.length === 0 ? queryClient.invalidateQueries({ queryKey: enterpriseKeys.all(library) }) : undefined),
  });
  return { ...mutation, percent };
}
