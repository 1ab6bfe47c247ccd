import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { CatalogLibrary } from './catalog-items-admin';

/** The last operator import of a library's sources, with its progress or report (`ImportStatus`, the same in every library service). */
export type ImportStatus = ComponentSchema<'ImportStatus'>;
export type ImportStarted = ComponentSchema<'ImportStarted'>;
/** A finished import's counts, first rejection reasons and the library's own counters (`extra`). */
export type ImportSummary = ComponentSchema<'ImportSummary'>;

const importPath = (library: CatalogLibrary) => `/operation/${library}/catalog-import`;

/** GET /operation/{library}/catalog-import → the last import's status. */
export function fetchImportStatus(library: CatalogLibrary): Promise<ImportStatus> {
  return http.get<ImportStatus>(importPath(library));
}

/** POST /operation/{library}/catalog-import → `{started, status}` (`started` false: one is running, or the library has no sources). */
export function startImport(library: CatalogLibrary): Promise<ImportStarted> {
  return http.post<ImportStarted>(importPath(library), undefined, { silent: true });
}

const catalogImportKeys = {
  status: (library: CatalogLibrary) => ['operations', 'catalog-import', library] as const,
};

/** While an import runs the status is read every second; otherwise once. */
export const importStatusQueryOptions = (library: CatalogLibrary) =>
  queryOptions({
    queryKey: catalogImportKeys.status(library),
    queryFn: () => fetchImportStatus(library),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  });

export function useImportStatus(library: CatalogLibrary) {
  return useQuery(importStatusQueryOptions(library));
}

/** Starting puts the answered status in place, so the card shows "running" and starts polling at once. */
export function useStartImport(library: CatalogLibrary) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startImport(library),
    onSuccess: ({ status }) => queryClient.setQueryData(catalogImportKeys.status(library), status),
  });
}
