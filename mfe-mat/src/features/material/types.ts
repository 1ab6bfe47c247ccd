import type { MatSchema } from '@portal/api-types';

/** A material's detail as mat-api answers it (docs/materials.md): the kit's detail plus equivalents and source. */
export type MaterialDetail = MatSchema<'ItemDetail'>;

/** The material record: designation, standard, grade, properties, composition. */
export type MaterialRecord = MatSchema<'ItemRecord'>;

/** One property: canonical SI min / typ / max, the source's text, its condition and names. */
export type MaterialProperty = MatSchema<'PropertyView'>;

export type Equivalent = MatSchema<'Equivalent'>;

/**
 * A detail slot's item as mat-api answered it. The kit types its slots with the components service's
 * schema; the wire object is the material's. Lists are read defensively: an answer without them (an
 * older server) shows empty sections rather than crashing.
 */
export function materialDetailOf(item: unknown): MaterialDetail {
  const detail = item as MaterialDetail;
  const extras = detail as Partial<MaterialDetail>;
  const record = (extras.component ?? {}) as Partial<MaterialRecord>;
  return {
    ...detail,
    equivalents: Array.isArray(extras.equivalents) ? extras.equivalents : [],
    component: {
      ...detail.component,
      properties: Array.isArray(record.properties) ? record.properties : [],
      composition: record.composition && typeof record.composition === 'object' ? record.composition : {},
    },
  };
}
