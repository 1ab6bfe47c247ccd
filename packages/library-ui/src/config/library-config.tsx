import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { LibraryKey } from '@portal/providers';
import type { ItemDetail } from '../features/items/types';
import type { RangeUnits } from '../features/search/range';

/** A search facet a library may offer (its API must answer it in `facets`). */
export type SearchFacet = 'category' | 'manufacturer' | 'package' | 'ranges';

/** A column of a results table; `parameters` is one column per dimension the hits state. */
export type ResultColumn = 'partNumber' | 'name' | 'manufacturer' | 'package' | 'parameters' | 'pinCount' | 'description' | 'compare';

/**
 * A results column showing one text field a library adds to its hits (materials: `standard`), titled by an
 * i18n key looked up like every kit text (the library's namespace first).
 */
export interface FieldColumn {
  field: string;
  titleKey: string;
}

/** A column of the search page's results table: the kit's, or a library's text field. */
export type SearchColumn = ResultColumn | FieldColumn;

/** A column of a manufacturer's item list: the kit's, or a library's text field. */
export type ListColumn = Exclude<ResultColumn, 'parameters' | 'compare'> | FieldColumn;

/** The text a field column shows for a row: the field when it is a non-empty string, else —. */
export function fieldText(row: object, field: string): string {
  const value = (row as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : '—';
}

/** A row of the detail page's overview card. */
export type OverviewField = 'name' | 'manufacturer' | 'package' | 'footprint' | 'pinCount' | 'description' | 'datasheet';

/** What a detail slot is given: the item as the library's API answered it. */
export interface DetailSlotProps {
  item: ItemDetail;
}

/** Library-specific parts of the detail page; a slot left out takes no room. */
export interface DetailSlots {
  /** In the title row, after 加入对比 and the alternatives link: links to the library's own pages. */
  actions?: ComponentType<DetailSlotProps>;
  /** Left column, between the overview and the parameters (a whole card): the parts' designations. */
  afterOverview?: ComponentType<DetailSlotProps>;
  /**
   * Left column, in place of the kit's parameters card (a whole card): a library whose values need
   * more than name / value / conditions (materials: min–max, unit, condition, source and licence).
   */
  parameters?: ComponentType<DetailSlotProps>;
  /** Left column, below the parameters: the files to download (a whole card). */
  downloads?: ComponentType<DetailSlotProps>;
  /** Right column, above the 3D viewer: drawings, each an antd `<Col>` of that column's `<Row>`. */
  drawings?: ComponentType<DetailSlotProps>;
  /** Below both columns, above the alternatives. */
  extraSections?: readonly ComponentType<DetailSlotProps>[];
}

/**
 * Everything the shared library pages need to know about one library (docs/adding-a-library.md,
 * "Front end"). A library remote writes one of these and routes `libraryRoutes(config, ownRoutes)`.
 */
export interface LibraryConfig {
  library: LibraryKey;
  /** Base of the library's API below `/to/api` (the `@portal/http` prefix): `/public/<library>`. */
  apiBase: string;
  /**
   * The remote's i18n namespace. Shared pages look a key up there first, then in `library`: a
   * library overrides a generic text (条目) with its own wording (元器件) by defining the same key.
   */
  i18nNamespace: string;
  search: {
    facets: readonly SearchFacet[];
    /** Columns of the search page's results table, in order. */
    columns: readonly SearchColumn[];
    /** Columns of a category's list in the catalogue (narrower: the tree sits beside it). */
    catalogueColumns: readonly SearchColumn[];
    /**
     * Range parameters of the library's own (not a dimension of the kit's SI table) with the units
     * offered for each: materials' property keys in MPa / GPa / ksi, g/cm³, °C / K / °F.
     */
    rangeUnits: RangeUnits;
  };
  /**
   * The manufacturer pages (厂商, brand-page and brand-detail). Off for a library without
   * manufacturers (materials, spec §2: the brand tab is hidden): those paths answer the 404 page.
   */
  brands: boolean;
  /** Columns of a manufacturer's item list (厂商详情). */
  listColumns: readonly ListColumn[];
  /** The catalogue lists a category's items and counts them (needs `GET …/category/counts`). */
  catalogueItems: boolean;
  detail: {
    overview: readonly OverviewField[];
    /** The 3D viewer of a `model-glb` file (three.js, loaded only when a model is shown). */
    modelViewer: boolean;
    /** The viewer's tools: fit, section plane, two-point measure (mm). */
    modelTools: boolean;
    /** The alternatives card, the link to /similarity and that page (`GET …/item/{id}/alternatives`). */
    alternatives: boolean;
    /**
     * Where a labelled parameter's label goes in the parameters table: before the value
     * (`inValue`: 存储容量 | Flash 512KB, components) or as its name with the dimension after it
     * (`asName`: d（长度）| 6mm, parts, whose labels are the standard's symbols).
     */
    labelledParameters: 'inValue' | 'asName';
    slots: DetailSlots;
  };
  /** localStorage key of the compare basket; each library keeps its own. */
  compareStorageKey: string;
  /**
   * The 3D / 2D model search pages (search3D, search2D; docs/shape-search.md "Pages"): the libraries whose
   * models they search (`offered`, shown as a filter when more than one) and those asked by default
   * (`selected`). Absent: those paths answer the 404 page.
   */
  shapeSearch?: { offered: readonly LibraryKey[]; selected: readonly LibraryKey[] };
}

/** The defaults a library starts from: every generic facet, column and section, no slots. */
export function defineLibraryConfig(
  library: LibraryKey,
  overrides: Partial<Omit<LibraryConfig, 'library' | 'search' | 'detail'>> & {
    search?: Partial<LibraryConfig['search']>;
    detail?: Partial<LibraryConfig['detail']>;
  } = {},
): LibraryConfig {
  return {
    apiBase: `/public/${library}`,
    i18nNamespace: library,
    listColumns: ['partNumber', 'manufacturer', 'package', 'description'],
    catalogueItems: false,
    compareStorageKey: `portal_${library}_compare`,
    brands: true,
    ...overrides,
    library,
    search: {
      facets: ['category', 'manufacturer', 'package', 'ranges'],
      columns: ['partNumber', 'name', 'manufacturer', 'package', 'parameters', 'description', 'compare'],
      catalogueColumns: ['partNumber', 'name', 'manufacturer', 'package', 'parameters', 'description', 'compare'],
      rangeUnits: {},
      ...overrides.search,
    },
    detail: {
      overview: ['name', 'manufacturer', 'package', 'description', 'datasheet'],
      modelViewer: false,
      modelTools: false,
      alternatives: false,
      labelledParameters: 'inValue',
      slots: {},
      ...overrides.detail,
    },
  };
}

const LibraryConfigContext = createContext<LibraryConfig | null>(null);

export function LibraryConfigProvider({ config, children }: { config: LibraryConfig; children: ReactNode }) {
  return <LibraryConfigContext.Provider value={config}>{children}</LibraryConfigContext.Provider>;
}

/** The configuration of the library whose page this is; a shared page outside one is a wiring error. */
export function useLibraryConfig(): LibraryConfig {
  const config = useContext(LibraryConfigContext);
  if (!config) throw new Error('a library page was rendered outside LibraryConfigProvider (route it with libraryRoutes(config))');
  return config;
}
