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
}

export interface RangeFilter {
  dimension: string;
  min?: RangeBound;
  max?: RangeBound;
}

const PREFIX_FACTORS: Record<UnitPrefix, number> = { p: 1e-12, n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9 };

export function isRangeDimension(dimension: string): boolean {
  return Object.hasOwn(RANGE_UNITS, dimension);
}

/** A bound's value in the canonical unit (1 nF → 1e-9). */
export function boundToSi(bound: RangeBound): number {
  return bound.value * PREFIX_FACTORS[bound.prefix];
}

/** Human text of a bound: `10 µF`. */
export function formatBound(bound: RangeBound, dimension: string): string {
  const prefix = bound.prefix === 'u' ? 'µ' : bound.prefix;
  return `${bound.value} ${prefix}${RANGE_UNITS[dimension] ?? ''}`;
}

function boundText(bound: RangeBound | undefined, dimension: string): string {
  return bound ? `${bound.value}${bound.prefix}${RANGE_UNITS[dimension] ?? ''}` : '';
}

export type RangeProblem = 'noBound' | 'notFinite' | 'minAboveMax' | 'unknownDimension';

/** Why a range cannot be sent, or undefined when it can. */
export function validateRange(range: RangeFilter): RangeProblem | undefined {
  if (!isRangeDimension(range.dimension)) return 'unknownDimension';
  if (!range.min && !range.max) return 'noBound';
  for (const bound of [range.min, range.max]) {
    if (bound && !Number.isFinite(bound.value)) return 'notFinite';
  }
  if (range.min && range.max && boundToSi(range.min) > boundToSi(range.max)) return 'minAboveMax';
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

function parseBound(text: string, dimension: string): RangeBound | undefined {
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
export function parseRanges(text: string | null | undefined): RangeFilter[] {
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
      const min = parseBound(low, dimension);
      const max = parseBound(high, dimension);
      if (min && max) ranges.push({ dimension, min, max });
    } else if (oneSided) {
      const [, dimension, operator, value] = oneSided;
      const bound = parseBound(value, dimension);
      if (bound) ranges.push(operator === '>=' ? { dimension, min: bound } : { dimension, max: bound });
    }
  }
  return ranges.filter((range) => isRangeDimension(range.dimension));
}
