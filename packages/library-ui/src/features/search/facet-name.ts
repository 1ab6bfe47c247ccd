import { useLibraryTranslation } from '../../i18n/use-library-translation';
import type { FacetValue } from '../items/types';

/** A facet value's label in the reader's language: the server's English name when it has one. */
export function facetName(facet: Pick<FacetValue, 'name' | 'nameEn' | 'value'>, english: boolean): string {
  if (english && facet.nameEn) return facet.nameEn;
  return facet.name || facet.value;
}

/**
 * A parameter facet's label: the library's `parameterName.<value>` text where it defines one (a
 * materials property key such as `yieldStrength`, which the server names by no dimension), else the
 * server's name ({@link facetName}).
 */
export function useParameterName(): (facet: Pick<FacetValue, 'name' | 'nameEn' | 'value'>) => string {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  return (facet) => t(`parameterName.${facet.value}`, { defaultValue: facetName(facet, english) });
}
