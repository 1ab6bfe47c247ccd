/**
 * Numeric range filters on a parameter, as the search API reads them:
 * `range=capacitance:1nF..10uF;voltage:3V..5V` (docs/search.md). One bound may be left open.
 */

/** SI prefixes offered next to a value; the API reads `u` as micro. */
export const UNIT_PREFIXES = ['p', 'n', 'u', 'm', '', 'k', 'M', 'G'] as const;
export type UnitPrefix = (typeof UNIT_PREFIXES)[number];

/** Canonical unit symbols of the dimensions a range can be set on (backends/units canonical units). */
export const RANGE_UNITS: Readonly<Record<string, string>> = {
  resistance: 'Ω',
  capacitance: 'F',
  inductance: 'H',
  voltage: 'V',
  current: 'A',
  power: 'W',
  frequency: 'Hz',
  time: 's',
};

export interface RangeBound {
  value: number;
  prefix: UnitPrefix;
  /** A unit of the library's own table ({@link RangeUnits}) instead of prefix + canonical symbol. */
  unit?: string;
}

/**
 * A unit a library offers for one of its range parameters: canonical = value × factor + offset
 * (ksi → Pa: factor 6.894757e6; °F → °C: factor 5/9, offset −160/9). The server converts the text
 * itself; the factor only orders the bounds and checks min ≤ max here.
 */
export interface RangeUnit {
  symbol: string;
  factor: number;
  offset?: number;
}

/**
 * A library's range parameters that are not dimensions of {@link RANGE_UNITS} (materials: a property
 * key such as `yieldStrength`), each with the units offered, the first the default
 * (`LibraryConfig.search.rangeUnits`).
 */
export type RangeUnits = Readonly<Record<string, readonly RangeUnit[]>>;

const NO_UNITS: RangeUnits = {};

function libraryUnit(units: RangeUnits, dimension: string, symbol: string): RangeUnit | undefined {
  return Object.hasOwn(units, dimension) ? units[dimension].find((unit) => unit.symbol === symbol) : undefined;
}

export interface RangeFilter {
  dimension: string;
  min?: RangeBound;
  max?: RangeBound;
}

const PREFIX_FACTORS: Record<UnitPrefix, number> = { p: 1e-12, n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9 };

export function isRangeDimension(dimension: string, units: RangeUnits = NO_UNITS): boolean {
  return Object.hasOwn(RANGE_UNITS, dimension) || Object.hasOwn(units, dimension);
}

/** A bound's value in the canonical unit (1 nF → 1e-9; 43.5 ksi → 3.0e8 Pa with the library's units). */
export function boundToSi(bound: RangeBound, dimension = '', units: RangeUnits = NO_UNITS): number {
  if (bound.unit !== undefined) {
    const unit = libraryUnit(units, dimension, bound.unit);
    return unit ? bound.value * unit.factor + (unit.offset ?? 0) : Number.NaN;
  }
  return bound.value * PREFIX_FACTORS[bound.prefix];
}

/** Human text of a bound: `10 µF`, `43.5 ksi`. */
export function formatBound(bound: RangeBound, dimension: string): string {
  if (bound.unit !== undefined) return `${bound.value} ${bound.unit}`;
  const prefix = bound.prefix === 'u' ? 'µ' : bound.prefix;
  return `${bound.value} ${prefix}${RANGE_UNITS[dimension] ?? ''}`;
}

function boundText(bound: RangeBound | undefined, dimension: string): string {
  if (!bound) return '';
  if (bound.unit !== undefined) return `${bound.value}${bound.unit}`;
  return `${bound.value}${bound.prefix}${RANGE_UNITS[dimension] ?? ''}`;
}

export type RangeProblem = 'noBound' | 'notFinite' | 'minAboveMax' | 'unknownDimension';

/** Why a range cannot be sent, or undefined when it can. */
export function validateRange(range: RangeFilter, units: RangeUnits = NO_UNITS): RangeProblem | undefined {
  if (!isRangeDimension(range.dimension, units)) return 'unknownDimension';
  if (!range.min && !range.max) return 'noBound';
  for (const bound of [range.min, range.max]) {
    if (bound && !Number.isFinite(boundToSi(bound, range.dimension, units))) return 'notFinite';
  }
  if (range.min && range.max && boundToSi(range.min, range.dimension, units) > boundToSi(range.max, range.dimension, units)) return 'minAboveMax';
  return undefined;
}

/** One range as the API's clause: `capacitance:1nF..10uF`, `voltage >= 3V`, `voltage <= 5V`. */
export function rangeToClause(range: RangeFilter): string {
  const min = boundText(range.min, range.dimension);
  const max = boundText(range.max, range.dimension);
  if (min && max) return `${range.dimension}:${min}..${max}`;
  if (min) return `${range.dimension} >= ${min}`;
  return `${range.dimension} <= ${max}`;
}

export function serializeRanges(ranges: readonly RangeFilter[]): string {
  return ranges.map(rangeToClause).join(';');
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:e-?\d+)?)`;
const PREFIX = String.raw`([pnumkMG]?)`;

function parseBound(text: string, dimension: string, units: RangeUnits): RangeBound | undefined {
  if (Object.hasOwn(units, dimension)) {
    const number = new RegExp(`^${NUMBER}(.*)$`).exec(text.trim());
    const unit = number && libraryUnit(units, dimension, number[2].trim());
    return number && unit ? { value: Number(number[1]), prefix: '', unit: unit.symbol } : undefined;
  }
  const unit = RANGE_UNITS[dimension] ?? '';
  const match = new RegExp(`^${NUMBER}${PREFIX}${escapeRegExp(unit)}$`).exec(text.trim());
  if (!match) return undefined;
  return { value: Number(match[1]), prefix: match[2] as UnitPrefix };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Reads back what `serializeRanges` wrote (the URL keeps the filters). Clauses this page did not write
 * are dropped rather than guessed.
 */
export function parseRanges(text: string | null | undefined, units: RangeUnits = NO_UNITS): RangeFilter[] {
  if (!text) return [];
  const ranges: RangeFilter[] = [];
  for (const clause of text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const between = /^(\w+):(.*)\.\.(.*)$/.exec(clause);
    const oneSided = /^(\w+)\s*(>=|<=)\s*(.+)$/.exec(clause);
    if (between) {
      const [, dimension, low, high] = between;
      const min = parseBound(low, dimension, units);
      const max = parseBound(high, dimension, units);
      if (min && max) ranges.push({ dimension, min, max });
    } else if (oneSided) {
      const [, dimension, operator, value] = oneSided;
      const bound = parseBound(value, dimension, units);
      if (bound) ranges.push(operator === '>=' ? { dimension, min: bound } : { dimension, max: bound });
    }
  }
  return ranges.filter((range) => isRangeDimension(range.dimension, units));
}
