import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { GradeMaterials } from '../types';

/**
 * The materials library's item of each grade (`06Cr19Ni10` → X5CrNi18-10, id 5): mat-api owns the ids,
 * the part only names its materials by grade (docs/parts.md, "Materials").
 */
export function getGradeMaterials(grades: readonly string[], signal?: AbortSignal): Promise<GradeMaterials> {
  return request<GradeMaterials>({ url: '/public/mat/grades', method: 'GET', params: { codes: grades.join('|') }, signal }).then((answer) => ({
    list: answer.list ?? [],
    missing: answer.missing ?? [],
  }));
}

export function gradeMaterialsQueryOptions(grades: readonly string[]) {
  return queryOptions({
    queryKey: ['mat', 'grades', ...grades] as const,
    queryFn: ({ signal }) => getGradeMaterials(grades, signal),
    // Grades map to items until the materials are re-imported.
    staleTime: 10 * 60_000,
  });
}

export function useGradeMaterials(grades: readonly string[]) {
  return useQuery({ ...gradeMaterialsQueryOptions(grades), enabled: grades.length > 0 });
}
