import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { CatalogLibrary } from './catalog-items-admin';
import type { PageResult } from './feedback-admin';
import { operatorNamesById } from './users-admin';

/** The last operator import of a library's sources, with its progress or report (`ImportStatus`, the same in every library service). */
export type ImportStatus = ComponentSchema<'ImportStatus'>;
export type ImportStarted = ComponentSchema<'ImportStarted'>;
/** A finished import's counts, first rejection reasons and the library's own counters (`extra`). */
export type ImportSummary = ComponentSchema<'ImportSummary'>;

/** A finished import in the library's history (`ImportRun`), with the operator's account name when it could be read. */
export type ImportRun = ComponentSchema<'ImportRun'> & { operatorName?: string };

const importPath = (library: CatalogLibrary) => `/operation/${library}/catalog-import`;

/** GET /operation/{library}/catalog-import → the last import's status. */
export function fetchImportStatus(library: CatalogLibrary): Promise<ImportStatus> {
  return http.get<ImportStatus>(importPath(library));
}

/** POST /operation/{library}/catalog-import → `{started, status}` (`started` false: one is running, or the library has no sources). */
export function startImport(library: CatalogLibrary): Promise<ImportStarted> {
  return http.post<ImportStarted>(importPath(library), undefined, { silent: true });
}

/**
 * GET /operation/{library}/catalog-import/history?pageNo&pageSize → the library's finished imports, newest first. A
 * library knows no account names: the operators' are read from the system service (without them the page shows the id).
 */
export async function fetchImportHistory(library: CatalogLibrary, pageNo: number, pageSize: number): Promise<PageResult<ImportRun>> {
  const page = await http.get<PageResult<ImportRun>>(`${importPath(library)}/history`, { pageNo, pageSize });
  const byId = await operatorNamesById(page.list.map((run) => run.operatorId));
  return { ...page, list: page.list.map((run) => ({ ...run, operatorName: run.operatorId == null ? undefined : byId.get(run.operatorId)?.username })) };
}

const catalogImportKeys = {
  status: (library: CatalogLibrary) => ['operations', 'catalog-import', library] as const,
  history: (library: CatalogLibrary) => ['operations', 'catalog-import', library, 'history'] as const,
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

export const importHistoryQueryOptions = (library: CatalogLibrary, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [...catalogImportKeys.history(library), pageNo, pageSize] as const,
    queryFn: () => fetchImportHistory(library, pageNo, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useImportHistory(library: CatalogLibrary, pageNo: number, pageSize: number) {
  return useQuery(importHistoryQueryOptions(library, pageNo, pageSize));
}

/** The history again once an import ends (the run is written to it before the status says so). */
export function useRefreshHistoryWhenEnded(library: CatalogLibrary, status: ImportStatus | undefined) {
  const queryClient = useQueryClient();
  const ended = status?.state === 'done' || status?.state === 'failed' ? status.finishedTime : undefined;
  useEffect(() => {
    if (ended != null) void queryClient.invalidateQueries({ queryKey: catalogImportKeys.history(library) });
  }, [ended, library, queryClient]);
}
