import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentSchema } from '@portal/api-types';
import { http, isPortalError } from '@portal/http';
import { LIBRARIES } from '@portal/providers';
import type { PageResult } from './feedback-admin';

/** The libraries whose public catalogue an operator manages, each with its own permission (`<library>:catalog:manage`). */
export const CATALOG_LIBRARIES = ['component', 'part', 'mat'] as const;
export type CatalogLibrary = (typeof CATALOG_LIBRARIES)[number];

export function catalogPermission(library: CatalogLibrary): string {
  return `${library}:catalog:manage`;
}

/** The public detail page of an item (`/{library}/detail/{id}`, the libraries' shared route, @portal/library-ui). */
export function catalogItemDetailPath(library: CatalogLibrary, id: number): string {
  return `${LIBRARIES[library].routePrefix}/detail/${id}`;
}

/** A hiding reason holds 1 to this many characters (the server answers 400 otherwise). */
export const CATALOG_HIDE_REASON_MAX = 200;
/** The item does not exist (any more). */
export const CATALOG_ITEM_NOT_FOUND = 1_043_001_000;

/** A public catalogue item as operators see it (`CatalogItem`, the same in every library service). */
export type CatalogItem = ComponentSchema<'CatalogItem'>;
/** An item with its correctable fields and the corrections an operator made (`GET …/catalog-items/{id}`). */
export type CatalogItemDetail = ComponentSchema<'CatalogItemDetail'>;

/** An item's parameters for the editor: the list, the source's list while corrected, the dimensions (`GET …/{id}/parameters`). */
export type CatalogItemParameters = ComponentSchema<'ItemParameters'>;
/** One parameter as written: dimension, value with its unit, label or conditions. */
export type EditableParameter = ComponentSchema<'EditableParameter'>;

/** The limits of a parameters correction, as the server checks them. */
export const CATALOG_PARAMETER_LIMITS = { count: 100, value: 100, conditions: 100 } as const;

/** The limits of a correction, as the server checks them. */
export const CATALOG_EDIT_LIMITS = { name: 200, description: 4000, documentUrl: 500, reason: 200 } as const;
/** The lifecycle states an item may have (none: not stated by the source). */
export const CATALOG_LIFECYCLES = ['active', 'nrnd', 'obsolete'] as const;

/** Every correctable field as the operator wants it, and why (`PUT …/catalog-items/{id}`). */
export interface CatalogItemEdit {
  name: string;
  description: string;
  /** Empty: no category. */
  categoryCode: string;
  /** Empty: none. */
  documentUrl: string;
  /** Empty: not stated. */
  lifecycle: string;
  /** A manufacturer of the library; `null`: none. */
  manufacturerId: number | null;
  reason: string;
}

export interface CatalogItemFilters {
  pageNo: number;
  pageSize: number;
  /** Part of the code or name (case-insensitive), or the exact numeric id. */
  keyWords?: string;
  /** true: only hidden items, false: only public ones; absent: all. */
  hidden?: boolean;
  /** Only public items sharing code and manufacturer with another public item, by code. */
  duplicates?: boolean;
}

export interface CatalogItemVisibility {
  hidden: boolean;
  /** Required when hiding (1–200 characters). */
  reason?: string;
}

const itemsPath = (library: CatalogLibrary) => `/operation/${library}/catalog-items`;

/** GET /operation/{library}/catalog-items/page?pageNo&pageSize&keyWords&hidden → `{list, total}`. */
export function fetchCatalogItems(library: CatalogLibrary, filters: CatalogItemFilters): Promise<PageResult<CatalogItem>> {
  return http.get<PageResult<CatalogItem>>(`${itemsPath(library)}/page`, { ...filters });
}

/**
 * PUT /operation/{library}/catalog-items/{id}/hidden `{hidden, reason?}` → the item's new state (the current one when
 * nothing changes); `1043001000` for an unknown id.
 */
export function setItemHidden(library: CatalogLibrary, id: number, { hidden, reason }: CatalogItemVisibility): Promise<CatalogItem> {
  return http.put<CatalogItem>(`${itemsPath(library)}/${id}/hidden`, reason ? { hidden, reason } : { hidden }, { silent: true });
}

/** GET /operation/{library}/catalog-items/{id} → the item with its corrections; `1043001000` for an unknown id. */
export function fetchCatalogItemDetail(library: CatalogLibrary, id: number): Promise<CatalogItemDetail> {
  return http.get<CatalogItemDetail>(`${itemsPath(library)}/${id}`, undefined, { silent: true });
}

/** PUT /operation/{library}/catalog-items/{id} → the item as corrected (the same when nothing differs). */
export function editCatalogItem(library: CatalogLibrary, id: number, edit: CatalogItemEdit): Promise<CatalogItemDetail> {
  return http.put<CatalogItemDetail>(`${itemsPath(library)}/${id}`, edit, { silent: true });
}

/** GET /operation/{library}/catalog-items/{id}/parameters → its parameters; `1043001000` for an unknown id. */
export function fetchCatalogItemParameters(library: CatalogLibrary, id: number): Promise<CatalogItemParameters> {
  return http.get<CatalogItemParameters>(`${itemsPath(library)}/${id}/parameters`, undefined, { silent: true });
}

/**
 * PUT /operation/{library}/catalog-items/{id}/parameters `{parameters, reason}` → the parameters as corrected; 400 names the row
 * whose value is not one of its dimension.
 */
export function correctCatalogItemParameters(
  library: CatalogLibrary,
  id: number,
  parameters: EditableParameter[],
  reason: string,
): Promise<CatalogItemParameters> {
  return http.put<CatalogItemParameters>(`${itemsPath(library)}/${id}/parameters`, { parameters, reason }, { silent: true });
}

/** POST /operation/{library}/catalog-items/{id}/merge `{targetId, reason?}` → the duplicate as merged. */
export function mergeCatalogItem(library: CatalogLibrary, id: number, targetId: number, reason?: string): Promise<CatalogItem> {
  return http.post<CatalogItem>(`${itemsPath(library)}/${id}/merge`, reason ? { targetId, reason } : { targetId }, { silent: true });
}

export const catalogItemKeys = {
  all: ['operations', 'catalog-items'] as const,
  library: (library: CatalogLibrary) => [...catalogItemKeys.all, library] as const,
  page: (library: CatalogLibrary, filters: CatalogItemFilters) => [...catalogItemKeys.library(library), 'page', filters] as const,
  detail: (library: CatalogLibrary, id: number) => [...catalogItemKeys.library(library), 'detail', id] as const,
  parameters: (library: CatalogLibrary, id: number) => [...catalogItemKeys.library(library), 'parameters', id] as const,
};

export function useCatalogItemParameters(library: CatalogLibrary, id: number | undefined) {
  return useQuery({
    queryKey: catalogItemKeys.parameters(library, id ?? 0),
    queryFn: () => fetchCatalogItemParameters(library, id!),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** A parameters correction refetches the library's list and details (the 已修正 tag may change). */
export function useCorrectCatalogItemParameters(library: CatalogLibrary) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, parameters, reason }: { id: number; parameters: EditableParameter[]; reason: string }) =>
      correctCatalogItemParameters(library, id, parameters, reason),
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData(catalogItemKeys.parameters(library, id), answer);
      return queryClient.invalidateQueries({ queryKey: catalogItemKeys.library(library) });
    },
  });
}

export function useCatalogItemDetail(library: CatalogLibrary, id: number | undefined) {
  return useQuery({
    queryKey: catalogItemKeys.detail(library, id ?? 0),
    queryFn: () => fetchCatalogItemDetail(library, id!),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** A merge refetches the library's list (the duplicate is hidden, the duplicates view shrinks). */
export function useMergeCatalogItem(library: CatalogLibrary) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, targetId, reason }: { id: number; targetId: number; reason?: string }) => mergeCatalogItem(library, id, targetId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogItemKeys.library(library) }),
  });
}

/** A correction refetches the library's list and details (the row's name and 已修正 tag change). */
export function useEditCatalogItem(library: CatalogLibrary) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...edit }: CatalogItemEdit & { id: number }) => editCatalogItem(library, id, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogItemKeys.library(library) }),
  });
}

export const catalogItemsQueryOptions = (library: CatalogLibrary, filters: CatalogItemFilters) =>
  queryOptions({
    queryKey: catalogItemKeys.page(library, filters),
    queryFn: () => fetchCatalogItems(library, filters),
    // The previous page stays while the next loads, but never another library's rows (their ids are unrelated).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === library ? keepPreviousData(previous) : undefined),
    staleTime: 0,
  });

export function useCatalogItems(library: CatalogLibrary, filters: CatalogItemFilters, enabled = true) {
  return useQuery({ ...catalogItemsQueryOptions(library, filters), enabled });
}

/**
 * Hiding or restoring refetches the library's list (the status filter may now leave the item out); so does an
 * unknown item (`1043001000`: the list is stale).
 */
export function useSetItemHidden(library: CatalogLibrary) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: catalogItemKeys.library(library) });
  return useMutation({
    mutationFn: ({ id, ...visibility }: CatalogItemVisibility & { id: number }) => setItemHidden(library, id, visibility),
    onSuccess: refetch,
    onError: (error) => {
      if (isPortalError(error) && error.code === CATALOG_ITEM_NOT_FOUND) void refetch();
    },
  });
}
