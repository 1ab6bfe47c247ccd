/**
 * Shapes of a library's read API (docs/components.md describes the components library's). The wire
 * format names the item `component` in every library (the spec's field names), so these do too.
 */
export interface ItemSummary {
  id: number;
  partNumber: string;
  name: string;
  manufacturerId: number | null;
  manufacturerName: string | null;
  categoryCode: string | null;
  description: string | null;
  package: string | null;
  footprintRef: string | null;
  pinCount: number | null;
  lifecycle: string | null;
}

export interface ItemParameter {
  dimension: string;
  name: string;
  nameEn: string;
  unit: string;
  min: number | null;
  typ: number | null;
  max: number | null;
  /** The value as shown: a label before it (`Flash 512KB`), conditions after it (`10mΩ @ 4.5V`). */
  display: string;
  /** The value alone (`10mΩ`), for tables that show the conditions apart. */
  value: string;
  original: string;
  conditions: string | null;
  /** The conditions when they name which value this is (`Flash`, `RAM`): shown before the value. */
  label?: string | null;
}

export interface Manufacturer {
  id: number;
  name: string;
  website: string | null;
  /** Items of this manufacturer in the library (the wire name). */
  componentCount: number;
  /** The glossary's Chinese name (德州仪器), when the server knows one. */
  nameZh?: string | null;
}

export interface CategoryStep {
  id: number;
  code: string;
  name: string;
  nameEn: string;
}

export interface ItemFile {
  id: number;
  /** `model-glb`, `model-step`, or a library's own kind (`symbol`, `footprint`). */
  kind: string;
  name: string;
  mediaType: string;
  size: number;
  url: string;
}

/** One item with what every library's detail answers; a library's API may add fields of its own. */
export interface ItemDetail {
  component: ItemSummary & { datasheet: string | null; keywords: string | null; value: string | null };
  parameters: ItemParameter[];
  manufacturer: Manufacturer | null;
  categoryPath: CategoryStep[];
  files: ItemFile[];
}

export interface Alternative {
  component: ItemSummary;
  score: number;
  reasons: string[];
  reason: string;
}

export interface CompareRow {
  key: string;
  label: string;
  labelEn: string;
  values: (string | null)[];
  /** English forms of the values (the category row). */
  valuesEn?: (string | null)[];
  differs: boolean;
}

export interface CompareResult {
  components: ItemSummary[];
  rows: CompareRow[];
}

export interface Page<T> {
  list: T[];
  total: number;
}
