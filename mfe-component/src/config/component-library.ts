import { defineLibraryConfig, lazySlot } from '@portal/library-ui/items';
import { RecommendLink } from '../features/recommend/components/recommend-link';
import { I18N_NAMESPACE } from '../i18n';

/**
 * The components library (元器件) for the shared library pages: every facet, the pin count on the
 * search page, KiCad drawings and downloads, the 3D viewer, alternatives, and a link to 推荐.
 */
export const componentLibrary = defineLibraryConfig('component', {
  i18nNamespace: I18N_NAMESPACE,
  catalogueItems: true,
  // The key the basket has always had: a reader's basket survives the update.
  compareStorageKey: 'portal_component_compare',
  search: {
    facets: ['category', 'manufacturer', 'package', 'ranges'],
    columns: ['partNumber', 'name', 'manufacturer', 'package', 'parameters', 'pinCount', 'description', 'compare'],
    // The catalogue's list sits beside the tree: no pin count.
    catalogueColumns: ['partNumber', 'name', 'manufacturer', 'package', 'parameters', 'description', 'compare'],
  },
  listColumns: ['partNumber', 'manufacturer', 'package', 'description'],
  // 3D / 2D search: the components' KiCad models; the parts' generated ones on request.
  shapeSearch: { offered: ['component', 'part'], selected: ['component'] },
  // The KiCad slots (antd Image and the drawing viewer) load with the detail page, not with /component.
  detail: {
    overview: ['name', 'manufacturer', 'package', 'footprint', 'pinCount', 'description', 'datasheet'],
    modelViewer: true,
    alternatives: true,
    slots: {
      actions: RecommendLink,
      downloads: lazySlot(() => import('../features/kicad/components/kicad-downloads').then((module) => ({ default: module.KicadDownloads }))),
      drawings: lazySlot(() => import('../features/kicad/components/kicad-drawings').then((module) => ({ default: module.KicadDrawings }))),
    },
  },
});
