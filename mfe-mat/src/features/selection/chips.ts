import type { ConstraintInput, ParsedQuery, PropertyKey } from './types';
import { fromSi, toSi, unitOf } from './units';

/** One constraint as the form and the chips edit it: bounds in the chosen display unit. */
export interface ConstraintRow {
  key: string;
  property: PropertyKey;
  min?: number;
  max?: number;
  unit: string;
}

let nextKey = 0;
export function newRowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

/** The parsed constraints (SI) as rows in each property's default unit. */
export function rowsFromParsed(constraints: ParsedQuery['constraints']): ConstraintRow[] {
  return constraints.map((constraint) => {
    const unit = unitOf(constraint.property);
    return {
      key: newRowKey(),
      property: constraint.property,
      unit: unit.unit,
      min: constraint.min == null ? undefined : fromSi(constraint.min, unit),
      max: constraint.max == null ? undefined : fromSi(constraint.max, unit),
    };
  });
}

/** Rows with at least one bound, in SI for the API. */
export function constraintsFromRows(rows: readonly ConstraintRow[]): ConstraintInput[] {
  return rows
    .filter((row) => row.min !== undefined || row.max !== undefined)
    .map((row) => {
      const unit = unitOf(row.property, row.unit);
      return {
        property: row.property,
        ...(row.min === undefined ? {} : { min: toSi(row.min, unit) }),
        ...(row.max === undefined ? {} : { max: toSi(row.max, unit) }),
      };
    });
}

/** A chip's text: `≥ 200 MPa`, `≤ 3 g/cm³`, `200–400 MPa`. */
export function boundsText(row: ConstraintRow): string {
  const unit = row.unit ? ` ${row.unit}` : '';
  if (row.min !== undefined && row.max !== undefined) return `${row.min}–${row.max}${unit}`;
  if (row.min !== undefined) return `≥ ${row.min}${unit}`;
  if (row.max !== undefined) return `≤ ${row.max}${unit}`;
  return '';
}
