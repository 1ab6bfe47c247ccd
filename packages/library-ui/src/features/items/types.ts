import type { ComponentData, ComponentSchema } from '@portal/api-types';

/**
 * The wire shapes of a library's read API, under library-neutral names. They are the generated OpenAPI
 * schemas (packages/api-types, docs/http-client.md), never written by hand: the wire format is the
 * spec's and the same for every library, which is why the item is called `component` in every one of
 * them. The components service is the only one serving items today, so the names here are its schema
 * names; when the back end serves the item routes from the library kit under kit schema names, only
 * this module changes.
 */
export type ItemSummary = ComponentSchema<'ComponentSummary'>;

/** The item as stored, as the detail answers it. */
export type ItemRecord = ComponentSchema<'ComponentRecord'>;

export type ItemParameter = ComponentSchema<'ParameterView'>;

/** A manufacturer with the number of the library's items of it (`componentCount`, the wire name). */
export type Manufacturer = ComponentSchema<'ManufacturerSummary'>;

export type CategoryStep = ComponentSchema<'CategoryCrumb'>;

/** A downloadable file: `model-glb`, `model-step`, or a library's own kind (`symbol`, `footprint`). */
export type ItemFile = ComponentSchema<'FileView'>;

/**
 * What every library's item detail answers. A library's own fields (the components library's KiCad
 * drawings and footprint filters) are left to that library's slots, which read its own schema.
 */
export type ItemDetail = Pick<ComponentSchema<'ComponentDetail'>, 'component' | 'parameters' | 'manufacturer' | 'categoryPath' | 'files'>;

export type Alternative = ComponentSchema<'Alternative'>;

export type CompareRow = ComponentSchema<'CompareRow'>;

export type CompareResult = ComponentSchema<'Comparison'>;

/** A page of items (a manufacturer's). */
export type ItemPage = ComponentSchema<'PageResult_ComponentSummary'>;

/** A page of manufacturers (utoipa inlines this page into its envelope only). */
export type ManufacturerPage = ComponentData<'ApiResponse_PageResult_ManufacturerSummary'>;

/** One manufacturer with a page of its items (`components`, the wire name). */
export type ManufacturerDetail = ComponentSchema<'ManufacturerDetail'>;

/** One search hit: the summary, whether a keyword is exactly its part number, its parameter values. */
export type SearchItem = ComponentSchema<'SearchItem'>;

/** A search answer as served: a facet the library does not configure is absent or null. */
export type SearchAnswer = ComponentSchema<'SearchAnswer'>;

export type FacetValue = ComponentSchema<'FacetEntry'>;

/** Items per category code, each category's subtree included. */
export type CategoryCounts = ComponentData<'ApiResponse_BTreeMap_String_u64'>;
