import type { MatSchema, PartSchema } from '@portal/api-types';
import type { ItemDetail } from '@portal/library-ui/items';

/**
 * Shapes of the part API (docs/parts.md): the generated OpenAPI schemas of the part service
 * (packages/api-types), never written by hand.
 */
export type PartDetail = PartSchema<'ItemDetail'>;

/** A model or drawing download: `step`, `stl`, `glb`, `svg`, `dxf`. */
export type ModelDownload = PartSchema<'ModelDownload'>;

export type Equivalent = PartSchema<'Equivalent'>;

export type PartVariants = PartSchema<'PartVariants'>;

export type PartVariant = PartSchema<'PartVariant'>;

export type PartRecommendations = PartSchema<'PartRecommendations'>;

export type PartRecommendationGroup = PartSchema<'PartRecommendationGroup'>;

export type PartSummary = PartSchema<'ItemSummary'>;

/** A material a part's standard allows: its class (`A2-70`) and the materials library's grade. */
export type MaterialOption = PartSchema<'MaterialOption'>;

/** The materials library's answer to `GET /grades`: each grade's item (mat-api's schema). */
export type GradeMaterials = MatSchema<'GradeMaterials'>;

export type GradeMaterial = MatSchema<'GradeMaterial'>;

/** The materials of a detail slot's item (none for an older server or a part without them). */
export function materialsOf(item: ItemDetail): MaterialOption[] {
  const materials = (item.component as { materials?: unknown }).materials;
  return Array.isArray(materials) ? (materials as MaterialOption[]) : [];
}

/** The distinct grades of a part's materials, in their order (the classes without one are named, not linked). */
export function gradesOf(materials: readonly MaterialOption[]): string[] {
  const grades: string[] = [];
  for (const option of materials) if (option.grade && !grades.includes(option.grade)) grades.push(option.grade);
  return grades;
}

/** The formats the detail offers, in this order (the API lists them in its own). */
export const MODEL_FORMATS = ['step', 'stl', 'glb', 'svg', 'dxf'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

/**
 * A detail slot's item as the part API answered it. The kit types its slots with the fields every
 * library has; the part detail adds `models` and `equivalents` (and the record's `dimensions`), which
 * are read defensively: an answer without them (an older server) shows no downloads rather than crashing.
 */
export function partDetailOf(item: ItemDetail): PartDetail {
  // The kit types the item with the components service's schema; the wire object is the part's.
  const part = item as unknown as PartDetail;
  const extras = part as Partial<PartDetail>;
  return {
    ...part,
    models: Array.isArray(extras.models) ? extras.models : [],
    equivalents: Array.isArray(extras.equivalents) ? extras.equivalents : [],
  };
}

/** The model of a format, if the part has one. */
export function modelOf(detail: PartDetail, format: ModelFormat): ModelDownload | undefined {
  return detail.models.find((model) => model.format === format);
}

/** A profile: its models need a length (`lengthRequired`). */
export function needsLength(detail: PartDetail): boolean {
  return detail.models.some((model) => model.lengthRequired);
}
