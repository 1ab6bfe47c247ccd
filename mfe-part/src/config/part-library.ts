import { defineLibraryConfig, lazySlot } from '@portal/library-ui/items';
import { I18N_NAMESPACE } from '../i18n';

/**
 * The parts library (零部件) for the shared library pages (docs/part-pages.md): facets family
 * (category), standards body (manufacturer) and standard (package); the detail's
 * designations, drawing + 3D view, downloads with a profile's length, variant table and
 * recommendations are the parts' own slots, each loaded with the detail page, not with /part.
 */
/**
 * The results' 标准 column: the hit's own `designation` (ISO 4762, DIN 1662). A part's record has no
 * package; its standard feeds the package facet only (the search index's field).
 */
export const STANDARD_COLUMN = { field: 'designation', titleKey: 'field.package' } as const;

export const partLibrary = defineLibraryConfig('part', {
  i18nNamespace: I18N_NAMESPACE,
  catalogueItems: true,
  search: {
    // Ranges on the labels (l, d₁, C₀): the kit offers each the units of the dimension its facet
    // entry names (l: mm, in, …; C₀: kN, N, …), docs/part-pages.md.
    facets: ['category', 'manufacturer', 'package', 'ranges'],
    columns: ['partNumber', 'name', STANDARD_COLUMN, 'manufacturer', 'parameters', 'compare'],
    catalogueColumns: ['partNumber', 'name', STANDARD_COLUMN, 'parameters', 'compare'],
  },
  listColumns: ['partNumber', STANDARD_COLUMN, 'description'],
  // 3D / 2D search (docs/shape-search.md "Pages"): the parts' models, the components' on request.
  shapeSearch: { offered: ['part', 'component'], selected: ['part'] },
  detail: {
    // No 'package' row: a part's record has none (its standard is in 标准对照 below).
    overview: ['name', 'manufacturer', 'description'],
    // The 3D view is the parts' own (drawings slot): it follows a profile's length.
    modelViewer: false,
    modelTools: true,
    alternatives: false,
    // The standard's symbols (d, l, dk) name the parameters: d（长度）| 6mm.
    labelledParameters: 'asName',
    slots: {
      actions: lazySlot(() => import('../features/part/components/part-actions').then((module) => ({ default: module.PartActions }))),
      // The designations side by side, then 材料: the classes the standard allows, linked to the materials library.
      afterOverview: lazySlot(() => import('../features/part/components/overview-cards').then((module) => ({ default: module.OverviewCards }))),
      drawings: lazySlot(() => import('../features/part/components/part-views').then((module) => ({ default: module.PartViews }))),
      downloads: lazySlot(() => import('../features/part/components/part-downloads').then((module) => ({ default: module.PartDownloads }))),
      extraSections: [
        lazySlot(() => import('../features/part/components/variant-table').then((module) => ({ default: module.VariantTable }))),
        lazySlot(() => import('../features/part/components/recommendation-groups').then((module) => ({ default: module.RecommendationSection }))),
      ],
    },
  },
});
