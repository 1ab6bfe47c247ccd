/** Shapes of the components read API (docs/components.md). */
export interface ComponentSummary {
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

export interface ComponentParameter {
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

export interface ComponentFile {
  id: number;
  kind: 'symbol' | 'footprint' | 'model-glb' | 'model-step' | string;
  name: string;
  mediaType: string;
  size: number;
  url: string;
}

export interface ComponentDetail {
  component: ComponentSummary & { datasheet: string | null; keywords: string | null; value: string | null };
  footprintFilters: string[];
  parameters: ComponentParameter[];
  manufacturer: Manufacturer | null;
  categoryPath: CategoryStep[];
  files: ComponentFile[];
  symbolSvgUrl: string | null;
  footprintSvgUrl: string | null;
}

export interface Alternative {
  component: ComponentSummary;
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
  components: ComponentSummary[];
  rows: CompareRow[];
}

export interface Page<T> {
  list: T[];
  total: number;
}
