/** The formats and unit systems of GET /public/mat/item/{id}/cae (mat-cae's). */
export const CAE_FORMATS = ['abaqus', 'apdl', 'fcmat'] as const;
export type CaeFormat = (typeof CAE_FORMATS)[number];

export const UNIT_SYSTEMS = ['si', 'mm-N-t-s', 'mm-kg-ms', 'in-lbf-s'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

/** The export's path under the API base; a FreeCAD card carries its own units, so none is sent. */
export function caeUrl(id: number, format: CaeFormat, units: UnitSystem): string {
  const query = format === 'fcmat' ? `format=${format}` : `format=${format}&units=${encodeURIComponent(units)}`;
  return `/to/api/public/mat/item/${id}/cae?${query}`;
}
