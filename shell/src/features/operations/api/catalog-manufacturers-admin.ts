import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentSchema } from '@portal/api-types';
import { http, isPortalError } from '@portal/http';
import { catalogItemKeys, type CatalogLibrary } from './catalog-items-admin';
import type { PageResult } from './feedback-admin';

/** A manufacturer's name holds 1 to this many characters; a website at most `MANUFACTURER_WEBSITE_MAX` (the server checks the same). */
export const MANUFACTURER_NAME_MAX = 100;
export const MANUFACTURER_WEBSITE_MAX = 300;
/** The manufacturer does not exist (any more: merged into another meanwhile). */
export const MANUFACTURER_NOT_FOUND = 1_043_002_000;
/** Another manufacturer has the name, or had it before a rename or merge: merge into it instead. */
export const MANUFACTURER_NAME_TAKEN = 1_043_002_001;

/** A manufacturer as operators see it (`CatalogManufacturer`, the same in every library service). */
export type CatalogManufacturer = ComponentSchema<'CatalogManufacturer'>;
export type ManufacturerMergeResult = ComponentSchema<'MergeResult'>;

export interface ManufacturerFilters {
  pageNo: number;
  pageSize: number;
  /** Part of the name or of an alias (case-insensitive), or the exact numeric id. */
  keyWords?: string;
  /** Only likely duplicates, grouped by `duplicateKey`. */
  duplicates?: boolean;
}

export interface ManufacturerEdit {
  name: string;
  /** Empty clears it. */
  website?: string;
}

const manufacturersPath = (library: CatalogLibrary) => `/operation/${library}/catalog-manufacturers`;

/** GET /operation/{library}/catalog-manufacturers/page?pageNo&pageSize&keyWords&duplicates → `{list, total}`. */
export function fetchManufacturers(library: CatalogLibrary, filters: ManufacturerFilters): Promise<PageResult<CatalogManufacturer>> {
  return http.get<PageResult<CatalogManufacturer>>(`${manufacturersPath(library)}/page`, { ...filters });
}

/** PUT /operation/{library}/catalog-manufacturers/{id} `{name, website}` → the manufacturer; `1043002001` when the name is taken. */
export function editManufacturer(library: CatalogLibrary, id: number, edit: ManufacturerEdit): Promise<CatalogManufacturer> {
  return http.put<CatalogManufacturer>(`${manufacturersPath(library)}/${id}`, edit, { silent: true });
}

/** POST /operation/{library}/catalog-manufacturers/{id}/merge `{targetId}` → `{target, moved}`. */
export function mergeManufacturer(library: CatalogLibrary, id: number, targetId: number): Promise<ManufacturerMergeResult> {
  return http.post<ManufacturerMergeResult>(`${manufacturersPath(library)}/${id}/merge`, { targetId }, { silent: true });
}

export const manufacturerKeys = {
  all: ['operations', 'catalog-manufacturers'] as const,
  library: (library: CatalogLibrary) => [...manufacturerKeys.all, library] as const,
  page: (library: CatalogLibrary, filters: ManufacturerFilters) => [...manufacturerKeys.library(library), 'page', filters] as const,
};

export const manufacturersQueryOptions = (library: CatalogLibrary, filters: ManufacturerFilters) =>
  queryOptions({
    queryKey: manufacturerKeys.page(library, filters),
    queryFn: () => fetchManufacturers(library, filters),
    // The previous page stays while the next loads, but never another library's rows (their ids are unrelated).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === library ? keepPreviousData(previous) : undefined),
    staleTime: 0,
  });

export function useManufacturers(library: CatalogLibrary, filters: ManufacturerFilters, enabled = true) {
  return useQuery({ ...manufacturersQueryOptions(library, filters), enabled });
}

/**
 * A rename or merge refetches the library's manufacturers and its items (whose rows show the manufacturer's name); so
 * does an unknown manufacturer (`1043002000`: the list is stale).
 */
function useManufacturerMutation<Variables, Result>(library: CatalogLibrary, mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: manufacturerKeys.library(library) }),
      queryClient.invalidateQueries({ queryKey: catalogItemKeys.library(library) }),
    ]);
  return useMutation({
    mutationFn,
    onSuccess: refetch,
    onError: (error) => {
      if (isPortalError(error) && error.code === MANUFACTURER_NOT_FOUND) void refetch();
    },
  });
}

export function useEditManufacturer(library: CatalogLibrary) {
  return useManufacturerMutation(library, ({ id, ...edit }: ManufacturerEdit & { id: number }) => editManufacturer(library, id, edit));
}

export function useMergeManufacturer(library: CatalogLibrary) {
  return useManufacturerMutation(library, ({ id, targetId }: { id: number; targetId: number }) => mergeManufacturer(library, id, targetId));
}
