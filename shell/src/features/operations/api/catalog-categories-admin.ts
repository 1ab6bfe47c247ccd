import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentSchema } from '@portal/api-types';
import { http, isPortalError } from '@portal/http';
import type { CatalogLibrary } from './catalog-items-admin';

/** The limits of a correction and of a hiding reason, as the server checks them (sort: 0 first, up to `sortMax`). */
export const CATEGORY_LIMITS = { name: 50, nameEn: 100, sortMax: 9999, reason: 200 } as const;
/** The category does not exist (any more). */
export const CATEGORY_NOT_FOUND = 1_043_003_000;
/** Its subtree still holds public or organisations' items: it cannot be hidden (the message says how many). */
export const CATEGORY_NOT_EMPTY = 1_043_003_001;
/** The taxonomy file no longer lists it: it can be hidden, not corrected. */
export const CATEGORY_STALE = 1_043_003_002;

/** A category of a library's tree as operators see it (`CatalogCategory`, the same in every library service), with its children. */
export type CatalogCategory = ComponentSchema<'CatalogCategory'>;
export type CategoryEditRequest = ComponentSchema<'CategoryEditRequest'>;

/** A category's names and place among its siblings as the operator wants them, and why (`PUT …/catalog-categories/{code}`). */
export interface CategoryEdit {
  name: string;
  nameEn: string;
  sort: number;
  reason: string;
}

export interface CategoryVisibility {
  hidden: boolean;
  /** Required when hiding (1–200 characters). */
  reason?: string;
}

const categoriesPath = (library: CatalogLibrary) => `/operation/${library}/catalog-categories`;
const categoryPath = (library: CatalogLibrary, code: string) => `${categoriesPath(library)}/${encodeURIComponent(code)}`;

/** GET /operation/{library}/catalog-categories/tree → the roots, siblings in order, with counts and corrections. */
export function fetchCategoryTree(library: CatalogLibrary): Promise<CatalogCategory[]> {
  return http.get<CatalogCategory[]>(`${categoriesPath(library)}/tree`);
}

/**
 * PUT /operation/{library}/catalog-categories/{code} `{name, nameEn, sort, reason}` → the category as corrected;
 * `1043003000` for an unknown code, `1043003002` for one the taxonomy file no longer lists.
 */
export function editCategory(library: CatalogLibrary, code: string, edit: CategoryEdit): Promise<CatalogCategory> {
  return http.put<CatalogCategory>(categoryPath(library, code), edit satisfies CategoryEditRequest, { silent: true });
}

/**
 * PUT /operation/{library}/catalog-categories/{code}/hidden `{hidden, reason?}` → the category's new state;
 * `1043003001` while its subtree holds items.
 */
export function setCategoryHidden(library: CatalogLibrary, code: string, { hidden, reason }: CategoryVisibility): Promise<CatalogCategory> {
  return http.put<CatalogCategory>(`${categoryPath(library, code)}/hidden`, reason ? { hidden, reason } : { hidden }, { silent: true });
}

export const categoryKeys = {
  all: ['operations', 'catalog-categories'] as const,
  library: (library: CatalogLibrary) => [...categoryKeys.all, library] as const,
  tree: (library: CatalogLibrary) => [...categoryKeys.library(library), 'tree'] as const,
};

export const categoryTreeQueryOptions = (library: CatalogLibrary) =>
  queryOptions({
    queryKey: categoryKeys.tree(library),
    queryFn: () => fetchCategoryTree(library),
    staleTime: 0,
  });

export function useCategoryTree(library: CatalogLibrary) {
  return useQuery(categoryTreeQueryOptions(library));
}

/** Answers that mean the tree shown is out of date (gone, no longer in the file, items moved in meanwhile). */
const STALE_TREE_CODES: readonly number[] = [CATEGORY_NOT_FOUND, CATEGORY_NOT_EMPTY, CATEGORY_STALE];

/** A correction, hide or restore refetches the library's tree; so does an answer saying the tree shown is out of date. */
function useCategoryMutation<Variables, Result>(library: CatalogLibrary, mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: categoryKeys.library(library) });
  return useMutation({
    mutationFn,
    onSuccess: refetch,
    onError: (error) => {
      if (isPortalError(error) && STALE_TREE_CODES.includes(error.code)) void refetch();
    },
  });
}

export function useEditCategory(library: CatalogLibrary) {
  return useCategoryMutation(library, ({ code, ...edit }: CategoryEdit & { code: string }) => editCategory(library, code, edit));
}

export function useSetCategoryHidden(library: CatalogLibrary) {
  return useCategoryMutation(library, ({ code, ...visibility }: CategoryVisibility & { code: string }) => setCategoryHidden(library, code, visibility));
}
