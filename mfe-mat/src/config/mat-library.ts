import { defineLibraryConfig, lazySlot } from '@portal/library-ui/items';
import { MAT_RANGE_UNITS } from '../features/material/property-units';
import { I18N_NAMESPACE } from '../i18n';

/** The results' 标准 column: the standard the material's source names (`EN 10088`). */
export const STANDARD_COLUMN = { field: 'standard', titleKey: 'field.standard' } as const;

/**
 * The materials library (材料) for the shared library pages (docs/mat-pages.md): facets family
 * (category), standard (package) and property ranges in any unit of the property; no manufacturer
 * anywhere (materials have none: no facet, no column, no 厂商 pages). The detail's properties, grade
 * and equivalents, composition and CAE export are the materials' own slots, loaded with the detail page.
 */
export const matLibrary = defineLibraryConfig('mat', {
  i18nNamespace: I18N_NAMESPACE,
  catalogueItems: true,
  brands: false,
  search: {
    facets: ['category', 'package', 'ranges'],
    // No 'parameters' column: the kit groups values by dimension, and a material states a dozen
    // properties of one dimension (pressure: E, G, Rp0.2, Rm …); the detail and 材料对比 show them.
    // 标准 is the hit's own field `standard` (EN 10088, GB/T 700), not the kit's `package`: a field column.
    columns: ['partNumber', 'name', STANDARD_COLUMN, 'description', 'compare'],
    catalogueColumns: ['partNumber', 'name', STANDARD_COLUMN, 'compare'],
    rangeUnits: MAT_RANGE_UNITS,
  },
  listColumns: ['partNumber', 'name', 'description'],
  // Materials have no models: their 3D / 2D search pages search the parts' and the components' (the page says so).
  shapeSearch: { offered: ['part', 'component'], selected: ['part', 'component'] },
  detail: {
    overview: ['name', 'description'],
    modelViewer: false,
    modelTools: false,
    alternatives: false,
    slots: {
      parameters: lazySlot(() => import('../features/material/components/properties-card').then((module) => ({ default: module.PropertiesCard }))),
      drawings: lazySlot(() => import('../features/material/components/material-side-cards').then((module) => ({ default: module.MaterialSideCards }))),
      // The CAE export (FreeCAD, CalculiX/Abaqus, APDL in a chosen unit system; docs/materials.md).
      downloads: lazySlot(() => import('../features/cae-export').then((module) => ({ default: module.CaeExport }))),
      // 采用此材料的标准件: the part families whose standards name the material's grade (part-api answers).
      extraSections: [
        lazySlot(() => import('../features/standard-parts/components/standard-parts-card').then((module) => ({ default: module.StandardPartsCard }))),
      ],
    },
  },
});
