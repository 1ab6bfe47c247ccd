import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentSchema } from '@portal/api-types';
import { http } from '@portal/http';

/** The libraries whose search index an operator rebuilds, each with its own permission (`<library>:search-index:rebuild`). */
export const INDEXED_LIBRARIES = ['component', 'part', 'mat'] as const;
export type IndexedLibrary = (typeof INDEXED_LIBRARIES)[number];

export function rebuildPermission(library: IndexedLibrary): string {
  return `${library}:search-index:rebuild`;
}

/** A rebuild's progress (`RebuildProgress`, the same in every library service). */
export type RebuildProgress = ComponentSchema<'RebuildProgress'>;
export type RebuildStarted = ComponentSchema<'RebuildStarted'>;

const rebuildPath = (library: IndexedLibrary) => `/operation/${library}/search-index/rebuild`;

/** GET /operation/{library}/search-index/rebuild → the last rebuild's progress. */
export function fetchRebuildProgress(library: IndexedLibrary): Promise<RebuildProgress> {
  return http.get<RebuildProgress>(rebuildPath(library));
}

/** POST /operation/{library}/search-index/rebuild → `{started, progress}` (`started` false: one is running). */
export function startRebuild(library: IndexedLibrary): Promise<RebuildStarted> {
  return http.post<RebuildStarted>(rebuildPath(library), undefined, { silent: true });
}

const searchIndexKeys = {
  progress: (library: IndexedLibrary) => ['operations', 'search-index', library] as const,
};

/** While a rebuild runs the progress is read every second; otherwise once. */
export const rebuildProgressQueryOptions = (library: IndexedLibrary) =>
  queryOptions({
    queryKey: searchIndexKeys.progress(library),
    queryFn: () => fetchRebuildProgress(library),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  });

export function useRebuildProgress(library: IndexedLibrary) {
  return useQuery(rebuildProgressQueryOptions(library));
}

/** Starting puts the answered progress in place, so the card shows "running" and starts polling at once. */
export function useStartRebuild(library: IndexedLibrary) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startRebuild(library),
    onSuccess: ({ progress }) => queryClient.setQueryData(searchIndexKeys.progress(library), progress),
  });
}
