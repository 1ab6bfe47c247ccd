import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@portal/http';
import type { PartSchema } from '@portal/api-types';

/** The part families a grade is named for (part-api's schema: the parts own the family → material glossary). */
export type PartsOfGrade = PartSchema<'PartsOfGrade'>;

export type PartFamilyUse = PartSchema<'PartFamilyUse'>;

/** `GET /public/part/materials/{grade}/parts` (docs/materials.md, "Standard parts made of it"). */
export function getPartsOfGrade(grade: string, signal?: AbortSignal): Promise<PartsOfGrade> {
  return request<PartsOfGrade>({ url: `/public/part/materials/${encodeURIComponent(grade)}/parts`, method: 'GET', signal }).then((answer) => ({
    ...answer,
    families: answer.families ?? [],
  }));
}

export function partsOfGradeQueryOptions(grade: string) {
  return queryOptions({
    queryKey: ['part', 'materials', grade] as const,
    queryFn: ({ signal }) => getPartsOfGrade(grade, signal),
    // The glossary changes only with a release.
    staleTime: 10 * 60_000,
  });
}

export function usePartsOfGrade(grade: string | undefined) {
  return useQuery({ ...partsOfGradeQueryOptions(grade ?? ''), enabled: Boolean(grade) });
}

/** The parts search listing one family's parts of one standard (category + the 标准 facet). */
export function partSearchUrl(family: Pick<PartFamilyUse, 'category' | 'designation'>): string {
  const params = new URLSearchParams({ category: family.category, package: family.designation });
  return `/part/search?${params.toString()}`;
}
