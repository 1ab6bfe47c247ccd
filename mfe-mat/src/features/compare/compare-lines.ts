import type { RangeUnit } from '@portal/library-ui/items';
import { toCsv } from '@portal/providers';
import { formatValue, propertyRank, representativeValue, unitFor, unitGroupOf, type MaterialDetail, type UnitGroup } from '../material';

/** The record rows above the properties, each named by `mat.compare.<key>`. */
export const RECORD_ROWS = ['category', 'standard', 'grade', 'source'] as const;
export type RecordRow = (typeof RECORD_ROWS)[number];

/** One row of the comparison: a record field or a property, a value per material (in the order asked). */
export interface CompareLine {
  key: string;
  kind: 'record' | 'property';
  /** The property's unit as shown (none for a record row or a plain number). */
  unit?: RangeUnit;
  /** The shown text per material; undefined where it states none. */
  values: (string | undefined)[];
  /** Property rows: one canonical number per material for the charts (a range's middle). */
  numbers: (number | undefined)[];
  /** The shown values are not all the same (a value stated by some materials only counts). */
  differs: boolean;
}

/** The unit chosen per group (every stress in ksi …); a group not chosen shows its default. */
export type UnitChoice = Partial<Record<UnitGroup, string>>;

function differs(values: readonly (string | undefined)[]): boolean {
  return new Set(values.map((value) => value ?? '')).size > 1;
}

function recordValue(material: MaterialDetail, row: RecordRow, english: boolean): string | undefined {
  const record = material.component;
  switch (row) {
    case 'category': {
      const step = material.categoryPath.at(-1);
      return step ? (english ? step.nameEn : step.name) : undefined;
    }
    case 'standard':
      return record.standard ?? undefined;
    case 'grade':
      return record.grade ?? undefined;
    case 'source':
      return material.source ? `${material.source.name} (${material.source.license})` : undefined;
  }
}

/**
 * The comparison's rows: the record rows, then every property any material states in the
 * properties' order, each in the unit chosen for its group. A material stating a property twice
 * (two conditions) is compared by the first.
 */
export function compareLines(materials: readonly MaterialDetail[], units: UnitChoice = {}, english = false): CompareLine[] {
  const lines: CompareLine[] = RECORD_ROWS.map((row) => {
    const values = materials.map((material) => recordValue(material, row, english));
    return { key: row, kind: 'record' as const, values, numbers: values.map(() => undefined), differs: differs(values) };
  }).filter((line) => line.values.some((value) => value !== undefined));

  const keys = [...new Set(materials.flatMap((material) => material.component.properties.map((property) => property.key)))];
  keys.sort((a, b) => propertyRank(a) - propertyRank(b));
  for (const key of keys) {
    const group = unitGroupOf(key);
    const unit = unitFor(key, group ? units[group] : undefined);
    const stated = materials.map((material) => material.component.properties.find((property) => property.key === key));
    const values = stated.map((property) => (property ? formatValue(property, unit) : undefined));
    lines.push({
      key,
      kind: 'property',
      unit,
      values,
      numbers: stated.map((property) => (property ? representativeValue(property) : undefined)),
      differs: differs(values),
    });
  }
  return lines;
}

/** The unit groups the compared materials' properties use, for the unit switch. */
export function unitGroupsOf(lines: readonly CompareLine[]): UnitGroup[] {
  const groups = new Set<UnitGroup>();
  for (const line of lines) {
    const group = line.kind === 'property' ? unitGroupOf(line.key) : undefined;
    if (group) groups.add(group);
  }
  return [...groups];
}

/**
 * The comparison as CSV: a header of the attribute, its unit and one column per material, then one
 * line per row (`toCsv`: a byte-order mark first, so that spreadsheet programs read the Chinese names).
 */
export function compareCsv(
  lines: readonly CompareLine[],
  materialNames: readonly string[],
  labelOf: (line: CompareLine) => string,
  headers: { attribute: string; unit: string },
): string {
  const rows = [
    [headers.attribute, headers.unit, ...materialNames],
    ...lines.map((line) => [labelOf(line), line.unit?.symbol ?? '', ...line.values.map((value) => value ?? '')]),
  ];
  return toCsv(rows);
}
