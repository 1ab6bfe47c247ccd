import type { MaterialDetail } from '../features/material';

type Property = MaterialDetail['component']['properties'][number];

function property(key: string, numbers: { min?: number; typ?: number; max?: number }): Property {
  return { key, dimension: 'pressure', unit: 'Pa', original: '', display: '', name: key, nameEn: key, ...numbers };
}

/** A material detail as mat-api answers it, with only what the comparison reads filled in. */
export function testMaterial(
  id: number,
  code: string,
  properties: Record<string, { min?: number; typ?: number; max?: number }>,
  extra: { standard?: string; grade?: string } = {},
): MaterialDetail {
  return {
    component: {
      id,
      partNumber: code,
      name: code,
      description: '',
      designation: code,
      keywords: '',
      license: 'MIT',
      source: 'test',
      sourceId: code,
      updatedAt: '2026-01-01T00:00:00Z',
      composition: {},
      standard: extra.standard ?? null,
      grade: extra.grade ?? null,
      properties: Object.entries(properties).map(([key, numbers]) => property(key, numbers)),
    },
    categoryPath: [{ code: 'steel', name: '钢', nameEn: 'Steel', id: 1 }],
    parameters: [],
    files: [],
    equivalents: [],
    source: { id: code, license: 'MIT', name: 'py-materials', version: '3.10.0' },
  } as MaterialDetail;
}
