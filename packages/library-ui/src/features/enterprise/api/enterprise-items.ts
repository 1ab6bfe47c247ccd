import { useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isPortalError, request, requestBlob } from '@portal/http';
import type { ComponentSchema, SystemSchema } from '@portal/api-types';
import { downloadBlob, type LibraryKey } from '@portal/providers';
import { postFormWithProgress } from '@portal/upload';
import { useLibraryConfig } from '../../../config/library-config';
import { tessellateStep } from '../../shape-search/step/step-tessellation';

// The enterprise routes' schemas are the same in every library (the kit's enterprise module): the
// component service's generated ones stand for all three.

/** Review state of a submitted item: operators approve or reject every submission. */
export type EnterpriseItemState = ComponentSchema<'EnterpriseItemState'>;

export const ENTERPRISE_ITEM_STATES: readonly EnterpriseItemState[] = ['approved', 'pending', 'rejected'];

/** One parameter of an item: a name unique within the item and its value, both free text. */
export type EnterpriseParameter = ComponentSchema<'EnterpriseParameter'>;

/** What a file of an item is: a 3D model, a datasheet or a drawing. */
export type EnterpriseFileKind = ComponentSchema<'EnterpriseFileKind'>;

export const ENTERPRISE_FILE_KINDS: readonly EnterpriseFileKind[] = ['model', 'datasheet', 'drawing'];

/** A file of an item as answered: downloaded by its place in `files` (`downloadEnterpriseFile`). */
export type EnterpriseFile = ComponentSchema<'EnterpriseFile'>;

/**
 * Per kind: the file service's `bizCode` it is uploaded under (which chooses the server's category and size limit)
 * and the extensions the enterprise routes accept for it (the picker's `accept`).
 */
export const ENTERPRISE_FILE_TYPES: Record<EnterpriseFileKind, { bizCode: string; extensions: readonly string[] }> = {
  model: { bizCode: 'model', extensions: ['step', 'stp', 'stl', 'glb', 'wrl', 'igs', 'iges', 'x_t', 'sldprt', 'zip'] },
  datasheet: { bizCode: 'datasheet', extensions: ['pdf'] },
  // `Other`: DXF, DWG and SVG are no category of their own.
  drawing: { bizCode: 'drawing', extensions: ['pdf', 'dxf', 'dwg', 'svg', 'png', 'jpg', 'jpeg'] },
};

/** A file to attach: its kind and the `claim` of its upload (valid 24 hours, the uploader's only). */
export interface EnterpriseFileDraft {
  kind: EnterpriseFileKind;
  claim: string;
}

/** What a member submits (`POST /to/api/enterprise/<key>/items`); the limits are `ENTERPRISE_LIMITS`. */
export interface EnterpriseItemDraft {
  code: string;
  name: string;
  categoryId: number;
  manufacturer?: string;
  description?: string;
  parameters?: EnterpriseParameter[];
  files?: EnterpriseFileDraft[];
  /** A resubmission's files kept from the item (their places in its `files`), before the new ones. */
  keepFiles?: number[];
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
  files: 10,
  /** Bytes of one file. */
  fileBytes: 100 * 1024 * 1024,
} as const;

/** What a member uploads through the file service for the enterprise library: an item's file, or a batch's ZIP. */
export type EnterpriseUploadKind = EnterpriseFileKind | 'archive';

/** Each upload's bizCode, extensions and size limit (the server checks the same). */
export const ENTERPRISE_UPLOAD_TYPES: Record<EnterpriseUploadKind, { bizCode: string; extensions: readonly string[]; maxBytes: number }> = {
  model: { ...ENTERPRISE_FILE_TYPES.model, maxBytes: ENTERPRISE_LIMITS.fileBytes },
  datasheet: { ...ENTERPRISE_FILE_TYPES.datasheet, maxBytes: ENTERPRISE_LIMITS.fileBytes },
  drawing: { ...ENTERPRISE_FILE_TYPES.drawing, maxBytes: ENTERPRISE_LIMITS.fileBytes },
  // The files a batch's 文件 column names; its upload goes where models go (bizCode `model` takes ZIPs).
  archive: { bizCode: 'model', extensions: ['zip'], maxBytes: 200 * 1024 * 1024 },
};

/** Personal permission to submit items to one's own organisation's libraries (role `member`). */
export const ENTERPRISE_PUBLISH_PERMISSION = 'enterprise:item:publish';

/** The enterprise routes' error codes (1 042, every library). */
export const EnterpriseErrorCode = {
  notMember: 1_042_001_000,
  itemMissing: 1_042_001_001,
  alreadyReviewed: 1_042_001_002,
  categoryMissing: 1_042_001_003,
  /** 文件无效或已过期，请重新上传 — the upload's claim is forged, expired or another user's, or the upload was deleted. */
  fileClaimInvalid: 1_042_001_004,
  /** 文件不符合要求:<detail> — a type that does not fit its kind, or over 100 MB. */
  fileNotAccepted: 1_042_001_005,
  fileMissing: 1_042_001_006,
  /** 条目审核中，不能修改 — a resubmission of an item still waiting for its review. */
  underReview: 1_042_001_007,
  /** 仅审核通过的条目可以公开展示 — showing a pending or rejected item on the public page. */
  notApproved: 1_042_001_008,
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

/**
 * Resubmits an approved or rejected item (`PUT /to/api/enterprise/<key>/items/{id}`): its fields replaced, its files
 * those of `keepFiles` then the new uploads; it waits for a review again.
 */
export function resubmitEnterpriseItem(library: LibraryKey, id: number, draft: EnterpriseItemDraft): Promise<EnterpriseItem> {
  return request<EnterpriseItem>({ url: `${enterpriseItemsPath(library)}/${id}`, method: 'PUT', data: draft, silent: true });
}

/** Resubmits an item of the current library and refetches its lists. */
export function useResubmitEnterpriseItem() {
  const { library } = useLibraryConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number; draft: EnterpriseItemDraft }) => resubmitEnterpriseItem(library, id, draft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all(library) }),
  });
}

/** File `index` of an item, saved under its own name. */
export async function downloadEnterpriseFile(source: EnterpriseFileSource, index: number, file: EnterpriseFile): Promise<void> {
  downloadBlob(await requestBlob(source.path(index)), file.name);
}

/** The path of the PNG thumbnail of file `index` of item `id` (models in STL, GLB, OBJ or VRML: `file.thumbnail`). */
export const enterpriseThumbnailPath = (library: LibraryKey, id: number, index: number) =>
  `${enterpriseItemsPath(library)}/${id}/files/${index}?thumbnail=true`;

/** A model the server does not draw itself but the page can tessellate (STEP), still without its picture. */
export const needsStepPreview = (file: EnterpriseFile) => file.kind === 'model' && !file.thumbnail && /\.(step|stp)$/i.test(file.name);

/** A large STEP file's mesh can take a while to send. */
const PREVIEW_TIMEOUT_MS = 120_000;

/**
 * Draws the thumbnail of a pending item's STEP model (`PUT …/items/{id}/files/{index}/preview`): the model — `step`
 * when the page still holds it, else downloaded — is tessellated in a worker (as the 3D search does) and its mesh
 * sent; the server renders the picture and answers the item. A conversion failure throws `StepConversionError`.
 */
export async function drawStepPreview(library: LibraryKey, id: number, index: number, file: EnterpriseFile, step?: File): Promise<EnterpriseItem> {
  const path = memberFileSource(library, id).path(index);
  // Copied through an ArrayBuffer: a Blob part of another realm (a test's fetch) would not be read as bytes.
  const model = step ?? new File([await (await requestBlob(path)).arrayBuffer()], file.name);
  const { file: mesh } = await tessellateStep(model);
  const form = new FormData();
  form.append('file', mesh, mesh.name);
  return request<EnterpriseItem>({ url: `${path}/preview`, method: 'PUT', data: form, silent: true, timeout: PREVIEW_TIMEOUT_MS });
}

/** Draws a STEP model's thumbnail in the current library and refetches its lists. */
export function useDrawStepPreview() {
  const { library } = useLibraryConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, index, file, step }: { id: number; index: number; file: EnterpriseFile; step?: File }) =>
      drawStepPreview(library, id, index, file, step),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all(library) }),
  });
}

export function useDownloadEnterpriseFile() {
  return useMutation({
    mutationFn: ({ source, index, file }: { source: EnterpriseFileSource; index: number; file: EnterpriseFile }) => downloadEnterpriseFile(source, index, file),
  });
}

// ---- the organisation's public page (公开展示) ----

/** An item an organisation shows everyone on its public page: what it published, without the review's internals. */
export type ShowcaseItem = Omit<ComponentSchema<'ShowcaseItem'>, 'library'> & { library: LibraryKey };

export interface ShowcaseItemPage {
  list: ShowcaseItem[];
  total: number;
}

/** An organisation's public face: its name (`GET /to/api/base/system/org/get`). */
export type PublicOrg = SystemSchema<'PublicOrgView'>;

/** The system service's code for an organisation that does not exist, is disabled or is the platform. */
export const ORG_NOT_EXISTS = 1_002_025_000;

export interface ShowcaseQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
}

const showcasePath = (library: LibraryKey, orgId: number) => `/enterprise/${library}/showcase/${orgId}/items`;

export const showcaseKeys = {
  all: (library: LibraryKey) => ['enterprise', library, 'showcase'] as const,
  page: (library: LibraryKey, orgId: number, query: ShowcaseQuery) => [...showcaseKeys.all(library), orgId, query] as const,
  org: (orgId: number) => ['org', orgId] as const,
};

/** The items organisation `orgId` shows in this library, newest first; anyone may read them. */
export async function getShowcaseItems(library: LibraryKey, orgId: number, query: ShowcaseQuery, signal?: AbortSignal): Promise<ShowcaseItemPage> {
  const page = await request<ShowcaseItemPage | null>({
    url: showcasePath(library, orgId),
    method: 'GET',
    params: { pageNo: query.pageNo, pageSize: query.pageSize, keyword: query.keyword?.trim() || undefined },
    signal,
  });
  return { list: page?.list ?? [], total: page?.total ?? 0 };
}

export function useShowcaseItems(orgId: number, query: ShowcaseQuery) {
  const { library } = useLibraryConfig();
  return useQuery({
    queryKey: showcaseKeys.page(library, orgId, query),
    queryFn: ({ signal }) => getShowcaseItems(library, orgId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The organisation's name; `null` when there is no such (enabled) organisation. */
export async function getPublicOrg(orgId: number, signal?: AbortSignal): Promise<PublicOrg | null> {
  try {
    return await request<PublicOrg>({ url: '/base/system/org/get', method: 'GET', params: { id: orgId }, signal, silent: true });
  } catch (error) {
    if (isPortalError(error) && error.code === ORG_NOT_EXISTS) return null;
    throw error;
  }
}

export function usePublicOrg(orgId: number) {
  return useQuery({ queryKey: showcaseKeys.org(orgId), queryFn: ({ signal }) => getPublicOrg(orgId, signal) });
}

/** Shows an approved item on the organisation's public page, or hides it (`PUT …/items/{id}/showcase`). */
export function setEnterpriseItemShowcase(library: LibraryKey, id: number, showcased: boolean): Promise<EnterpriseItem> {
  return request<EnterpriseItem>({ url: `${enterpriseItemsPath(library)}/${id}/showcase`, method: 'PUT', data: { showcased } });
}

/** Shows or hides an item of the current library; refetches the member's list and the public page. */
export function useSetEnterpriseItemShowcase() {
  const { library } = useLibraryConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, showcased }: { id: number; showcased: boolean }) => setEnterpriseItemShowcase(library, id, showcased),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: enterpriseKeys.all(library) }),
        queryClient.invalidateQueries({ queryKey: showcaseKeys.all(library) }),
      ]),
  });
}

/** Where a file of an item (or its thumbnail) is read: the member's routes, or the organisation's public page's. */
export interface EnterpriseFileSource {
  path: (index: number) => string;
  thumbnailPath: (index: number) => string;
}

export const memberFileSource = (library: LibraryKey, id: number): EnterpriseFileSource => ({
  path: (index) => `${enterpriseItemsPath(library)}/${id}/files/${index}`,
  thumbnailPath: (index) => enterpriseThumbnailPath(library, id, index),
});

export const showcaseFileSource = (library: LibraryKey, orgId: number, id: number): EnterpriseFileSource => ({
  path: (index) => `${showcasePath(library, orgId)}/${id}/files/${index}`,
  thumbnailPath: (index) => `${showcasePath(library, orgId)}/${id}/files/${index}?thumbnail=true`,
});

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

/** The template's header row, in order (both formats). */
export const ENTERPRISE_TEMPLATE_COLUMNS = ['编码', '名称', '分类', '厂商', '描述', '参数', '文件'] as const;

/**
 * The template's formats: `xlsx` is a workbook (the sheet 条目 with text columns and a drop-down of the categories, the
 * sheet 分类 listing the library's tree, the sheet 说明 with the rules); `csv` the header row, UTF-8 with a BOM.
 */
export type EnterpriseTemplateFormat = ComponentSchema<'TemplateFormat'>;

const TEMPLATE_MEDIA_TYPES: Record<EnterpriseTemplateFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The name the template is saved under. */
export const enterpriseTemplateFileName = (library: LibraryKey, format: EnterpriseTemplateFormat) => `enterprise-${library}-template.${format}`;

/** The template (`GET /to/api/enterprise/<key>/items/template?format=`) as a Blob. */
export function getEnterpriseTemplate(library: LibraryKey, format: EnterpriseTemplateFormat, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(`${enterpriseItemsPath(library)}/template?format=${format}`, {
    accept: `${TEMPLATE_MEDIA_TYPES[format]}, application/json;q=0.9, */*;q=0.8`,
    signal,
  });
}

/** Fetches the current library's template in `format` and saves it as `enterprise-<key>-template.<format>`; answers the name. */
export function useDownloadEnterpriseTemplate() {
  const { library } = useLibraryConfig();
  return useMutation({
    mutationFn: async (format: EnterpriseTemplateFormat) => {
      const fileName = enterpriseTemplateFileName(library, format);
      downloadBlob(await getEnterpriseTemplate(library, format), fileName);
      return fileName;
    },
  });
}

/** A batch to import: the table, and the claim of the ZIP holding the files its 文件 column names (uploaded first). */
export interface EnterpriseBatchImport {
  file: File;
  filesClaim?: string;
}

/** Whether the batch import reads a file of this name (by its extension; the server reads the bytes). */
export const isEnterpriseBatchFile = (name: string) => /\.(xlsx|csv)$/i.test(name);

/**
 * Imports an XLSX or CSV file (`POST /to/api/enterprise/<key>/items/batch`, multipart field `file`) → the report.
 * The dialog shows a refusal of the whole file (`batchUnreadable`, `batchTooLarge`, …) itself, and the upload's
 * percentage through `onProgress`.
 */
export function importEnterpriseItems(
  library: LibraryKey,
  { file, filesClaim }: EnterpriseBatchImport,
  onProgress?: (percent: number) => void,
): Promise<EnterpriseBatchReport> {
  const form = () => {
    const body = new FormData();
    if (filesClaim) body.append('filesClaim', filesClaim);
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
    mutationFn: (batch: EnterpriseBatchImport) => {
      setPercent(0);
      return importEnterpriseItems(library, batch, setPercent);
    },
    onSuccess: (report) => (report.errors.length === 0 ? queryClient.invalidateQueries({ queryKey: enterpriseKeys.all(library) }) : undefined),
  });
  return { ...mutation, percent };
}
