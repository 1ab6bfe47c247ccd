import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { LibraryKey } from '@portal/providers';
import { sortCategories } from '../tree';
import type { CategoryNode } from '../types';

/** The whole category tree of a library, roots first, children in display order. */
export async function getCategoryTree(library: LibraryKey, signal?: AbortSignal): Promise<CategoryNode[]> {
  const roots = await request<CategoryNode[] | null>({
    url: `/public/${library}/category/tree`,
    method: 'GET',
    signal,
  });
  return sortCategories(roots ?? []);
}

export function categoryTreeQueryOptions(library: LibraryKey) {
  return queryOptions({
    queryKey: ['categories', library, 'tree'] as const,
    queryFn: ({ signal }) => getCategoryTree(library, signal),
    // A catalogue's taxonomy changes with releases, not while someone browses.
    staleTime: 30 * 60 * 1000,
  });
}

export function useCategoryTree(library: LibraryKey) {
  return useQuery(categoryTreeQueryOptions(library));
}
