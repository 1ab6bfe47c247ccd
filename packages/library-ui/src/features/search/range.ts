/**
 * Numeric range filters on a parameter, as the search API reads them:
 * `range=capacitance:1nF..10uF;voltage:3V..5V` (docs/search.md). One bound may be left open. A
 * parameter is a kit dimension (SI prefixes on its symbol), a library's own key (its `rangeUnits`)
 * or a labelled parameter (`l:16mm..30mm`, `C₀ >= 10kN`: the units of its dimension).
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

/**
 * Units of a labelled parameter (the parts' `l`, `d₁`, `C₀`: a standard's symbol, not a dimension),
 * by the physical dimension its facet entry names; the first is the default. Symbols as the
 * server's unit parser (backends/units) reads them; canonical SI as backends/units stores values.
 */
export const DIMENSION_UNITS: RangeUnits = {
  length: [
    { symbol: 'mm', factor: 1e-3 },
    { symbol: 'µm', factor: 1e-6 },
    { symbol: 'cm', factor: 1e-2 },
    { symbol: 'm', factor: 1 },
    { symbol: 'in', factor: 0.0254 },
    { symbol: 'ft', factor: 0.3048 },
  ],
  force: [
    { symbol: 'kN', factor: 1e3 },
    { symbol: 'N', factor: 1 },
    { symbol: 'lbf', factor: 4.4482216152605 },
    { symbol: 'kgf', factor: 9.80665 },
  ],
  mass: [
    { symbol: 'g', factor: 1e-3 },
    { symbol: 'kg', factor: 1 },
    { symbol: 'lb', factor: 0.45359237 },
  ],
  // Bearings' reference and limiting speeds.
  frequency: [
    { symbol: 'rpm', factor: 1 / 60 },
    { symbol: 'Hz', factor: 1 },
  ],
  angle: [
    { symbol: '°', factor: Math.PI / 180 },
    { symbol: 'rad', factor: 1 },
  ],
};

export interface RangeFilter {
  /** The parameter's key: a dimension (`capacitance`), a library's key (`yieldStrength`) or a label (`l`). */
  dimension: string;
  /** A labelled parameter's physical dimension (`length` for `l`), whose {@link DIMENSION_UNITS} it is written in. */
  quantity?: string;
  min?: RangeBound;
  max?: RangeBound;
}

/**
 * The units a parameter's bounds are written in: the library's own for its keys, else those of a
 * labelled parameter's dimension; undefined for a kit dimension (SI prefixes on its symbol).
 */
export function rangeUnitsOf(dimension: string, quantity: string | undefined, units: RangeUnits = NO_UNITS): readonly RangeUnit[] | undefined {
  if (Object.hasOwn(units, dimension)) return units[dimension];
  if (isLabelOf(dimension, quantity)) return DIMENSION_UNITS[quantity];
  return undefined;
}

/**
 * Whether `key` is a label of a dimension with units here. A key that is itself a dimension name
 * (`mass`) is not: those are the kit's {@link RANGE_UNITS} or not offered at all.
 */
function isLabelOf(key: string, quantity: string | undefined): quantity is string {
  return quantity !== undefined && quantity !== key && !Object.hasOwn(DIMENSION_UNITS, key) && Object.hasOwn(DIMENSION_UNITS, quantity);
}

function tableUnit(table: readonly RangeUnit[] | undefined, symbol: string): RangeUnit | undefined {
  return table?.find((unit) => unit.symbol === symbol);
}

const PREFIX_FACTORS: Record<UnitPrefix, number> = { p: 1e-12, n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9 };

/**
 * Whether a range can be set on the parameter: a kit dimension, a key of the library's units, or a
 * label whose facet entry names a dimension of {@link DIMENSION_UNITS} (`quantity`).
 */
export function isRangeDimension(dimension: string, units: RangeUnits = NO_UNITS, quantity?: string): boolean {
  return Object.hasOwn(RANGE_UNITS, dimension) || rangeUnitsOf(dimension, quantity, units) !== undefined;
}

/** A bound's value in the canonical unit (1 nF → 1e-9; 43.5 ksi → 3.0e8 Pa with the library's units; 1 in → 0.0254 m for a length label). */
export function boundToSi(bound: RangeBound, dimension = '', units: RangeUnits = NO_UNITS, quantity?: string): number {
  if (bound.unit !== undefined) {
    const unit = tableUnit(rangeUnitsOf(dimension, quantity, units), bound.unit);
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
  const { dimension, quantity } = range;
  if (!isRangeDimension(dimension, units, quantity)) return 'unknownDimension';
  if (!range.min && !range.max) return 'noBound';
  for (const bound of [range.min, range.max]) {
    if (bound && !Number.isFinite(boundToSi(bound, dimension, units, quantity))) return 'notFinite';
  }
  if (range.min && range.max && boundToSi(range.min, dimension, units, quantity) > boundToSi(range.max, dimension, units, quantity)) return 'minAboveMax';
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
/** A parameter key: letters, digits (subscripts too: `d₁`, `C₀`) and `_` — labels are not ASCII words. */
const KEY = String.raw`([\p{L}\p{M}\p{N}_]+)`;

/** A bound written in a unit of `table` (`43.5ksi`, `16mm`). */
function parseTableBound(text: string, table: readonly RangeUnit[]): RangeBound | undefined {
  const number = new RegExp(`^${NUMBER}(.*)$`).exec(text.trim());
  const unit = number && tableUnit(table, number[2].trim());
  return number && unit ? { value: Number(number[1]), prefix: '', unit: unit.symbol } : undefined;
}

/**
 * The dimension of a label's bounds, read from their units (`16mm` → length): the URL holds no
 * facets, so the unit is what tells. Undefined unless every bound names a unit of one dimension.
 */
function quantityOfBounds(key: string, texts: readonly string[]): string | undefined {
  const quantities = new Set(
    texts.map((text) => Object.keys(DIMENSION_UNITS).find((quantity) => parseTableBound(text, DIMENSION_UNITS[quantity]) !== undefined)),
  );
  const [quantity] = quantities;
  return quantities.size === 1 && isLabelOf(key, quantity) ? quantity : undefined;
}

function parseBound(text: string, dimension: string, units: RangeUnits, quantity: string | undefined): RangeBound | undefined {
  const table = rangeUnitsOf(dimension, quantity, units);
  if (table) return parseTableBound(text, table);
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
    const between = new RegExp(String.raw`^${KEY}:(.*)\.\.(.*)$`, 'u').exec(clause);
    const oneSided = new RegExp(String.raw`^${KEY}\s*(>=|<=)\s*(.+)$`, 'u').exec(clause);
    if (between) {
      const [, dimension, low, high] = between;
      const quantity = labelQuantity(dimension, [low, high], units);
      const min = parseBound(low, dimension, units, quantity);
      const max = parseBound(high, dimension, units, quantity);
      if (min && max) ranges.push(withQuantity({ dimension, min, max }, quantity));
    } else if (oneSided) {
      const [, dimension, operator, value] = oneSided;
      const quantity = labelQuantity(dimension, [value], units);
      const bound = parseBound(value, dimension, units, quantity);
      if (bound) ranges.push(withQuantity(operator === '>=' ? { dimension, min: bound } : { dimension, max: bound }, quantity));
    }
  }
  return ranges.filter((range) => isRangeDimension(range.dimension, units, range.quantity));
}

/** A key the kit and the library do not know is read as a label, its dimension from its units. */
function labelQuantity(key: string, bounds: readonly string[], units: RangeUnits): string | undefined {
  if (Object.hasOwn(RANGE_UNITS, key) || Object.hasOwn(units, key)) return undefined;
  return quantityOfBounds(key, bounds);
}

function withQuantity(range: RangeFilter, quantity: string | undefined): RangeFilter {
  return quantity === undefined ? range : { ...range, quantity };
}
