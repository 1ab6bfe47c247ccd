import { useQueries } from '@tanstack/react-query';
import type { ComponentSchema } from '@portal/api-types';
import { http } from '@portal/http';
import type { LibraryKey } from '@portal/providers';

/** The category trees of the three libraries share one schema (catalog); the component document names it. */
export type CategoryNode = ComponentSchema<'CategoryNode'>;

/** GET /public/{lib}/category/tree: the categories an applicant picks from. */
export function fetchCategoryTree(library: LibraryKey): Promise<CategoryNode[]> {
  return http.get<CategoryNode[]>(`/public/${library}/category/tree`);
}

export function useCategoryTrees(libraries: readonly LibraryKey[]) {
  return useQueries({
    queries: libraries.map((library) => ({
      queryKey: ['shell', 'category-tree', library],
      queryFn: () => fetchCategoryTree(library),
      staleTime: 10 * 60_000,
    })),
  });
}
