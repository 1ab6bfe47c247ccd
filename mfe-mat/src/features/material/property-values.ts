import type { RangeUnit } from '@portal/library-ui/items';
import { displayUnits, formatNumber, fromCanonical } from './property-units';

/** What a value needs of a property: canonical min / typ / max (mat-api: a range, a value, or an upper bound). */
export interface PropertyNumbers {
  key: string;
  min?: number | null;
  typ?: number | null;
  max?: number | null;
}

/** The unit a property is shown in: the chosen one when it is one of the property's, else its default. */
export function unitFor(key: string, chosen?: string): RangeUnit | undefined {
  const units = displayUnits(key);
  return units.find((unit) => unit.symbol === chosen) ?? units[0];
}

/**
 * A property's value in `unit` as text: the typical value, else `min–max`, else `≥ min` / `≤ max`
 * (`Sy = 280 max` is an upper bound); undefined when the property states none.
 */
export function formatValue(property: PropertyNumbers, unit: RangeUnit | undefined): string | undefined {
  const shown = (value: number) => formatNumber(fromCanonical(value, unit));
  const { min, typ, max } = property;
  if (typ != null) return shown(typ);
  if (min != null && max != null) return min === max ? shown(min) : `${shown(min)}–${shown(max)}`;
  if (min != null) return `≥ ${shown(min)}`;
  if (max != null) return `≤ ${shown(max)}`;
  return undefined;
}

/** The value with its unit (`240–280 MPa`, `7.93 g/cm³`, `0.3`). */
export function formatWithUnit(property: PropertyNumbers, unit: RangeUnit | undefined): string | undefined {
  const value = formatValue(property, unit);
  if (value === undefined) return undefined;
  return unit ? `${value} ${unit.symbol}` : value;
}

/**
 * One number for a chart, in canonical units: the typical value, else a range's middle, else its one
 * bound. A chart bar of a range is its middle; the table shows the range itself.
 */
export function representativeValue(property: PropertyNumbers): number | undefined {
  const { min, typ, max } = property;
  if (typ != null) return typ;
  if (min != null && max != null) return (min + max) / 2;
  return min ?? max ?? undefined;
}
