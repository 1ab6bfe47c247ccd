import type { FacetValue } from '../items/types';

/** A facet value's label in the reader's language: the server's English name when it has one. */
export function facetName(facet: Pick<FacetValue, 'name' | 'nameEn' | 'value'>, english: boolean): string {
  if (english && facet.nameEn) return facet.nameEn;
  return facet.name || facet.value;
}
