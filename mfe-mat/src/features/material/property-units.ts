import type { RangeUnit, RangeUnits } from '@portal/library-ui/items';

/**
 * The materials' properties in the order the detail and the comparison list them (docs/materials.md,
 * "Properties"); a key not listed here follows, in the order the record states it.
 */
export const PROPERTY_ORDER = [
  'density',
  'youngsModulus',
  'shearModulus',
  'poissonRatio',
  'yieldStrength',
  'tensileStrength',
  'shearStrength',
  'compressiveStrength',
  'elongation',
  'hardnessBrinell',
  'hardnessVickers',
  'hardnessRockwellC',
  'hardnessShoreA',
  'hardnessShoreD',
  'thermalExpansion',
  'thermalConductivity',
  'specificHeat',
  'electricalResistivity',
  'meltingPoint',
  'boilingPoint',
  'glassTransition',
  'heatDeflection',
  'maxServiceTemperature',
] as const;

const KSI_IN_PA = 6.894757293e6;

// canonical (mat-api's SI, temperatures in °C) = value × factor + offset.
const STRESS: readonly RangeUnit[] = [
  { symbol: 'MPa', factor: 1e6 },
  { symbol: 'GPa', factor: 1e9 },
  { symbol: 'ksi', factor: KSI_IN_PA },
  { symbol: 'psi', factor: KSI_IN_PA / 1000 },
];
// Moduli read in GPa first; the same four units.
const MODULUS: readonly RangeUnit[] = [STRESS[1], STRESS[0], STRESS[2], STRESS[3]];
const DENSITY: readonly RangeUnit[] = [
  { symbol: 'g/cm³', factor: 1000 },
  { symbol: 'kg/m³', factor: 1 },
];
const TEMPERATURE: readonly RangeUnit[] = [
  { symbol: '°C', factor: 1 },
  { symbol: 'K', factor: 1, offset: -273.15 },
  { symbol: '°F', factor: 5 / 9, offset: -160 / 9 },
];
const CONDUCTIVITY: readonly RangeUnit[] = [{ symbol: 'W/(m·K)', factor: 1 }];
const EXPANSION: readonly RangeUnit[] = [
  { symbol: 'µm/(m·K)', factor: 1e-6 },
  { symbol: 'm/m/K', factor: 1 },
];
const SPECIFIC_HEAT: readonly RangeUnit[] = [{ symbol: 'J/(kg·K)', factor: 1 }];
const RESISTIVITY: readonly RangeUnit[] = [
  { symbol: 'µΩ·m', factor: 1e-6 },
  { symbol: 'Ω·m', factor: 1 },
  { symbol: 'µΩ·cm', factor: 1e-8 },
];

/**
 * The properties a range can be set on, each with the units the search page offers (mat-api reads
 * every one of them: docs/materials.md, "Routes"). Plain numbers (Poisson's ratio, hardness,
 * elongation as a fraction) have no unit to convert and are left to sorting.
 */
export const MAT_RANGE_UNITS: RangeUnits = {
  density: DENSITY,
  youngsModulus: MODULUS,
  shearModulus: MODULUS,
  yieldStrength: STRESS,
  tensileStrength: STRESS,
  shearStrength: STRESS,
  compressiveStrength: STRESS,
  thermalExpansion: EXPANSION,
  thermalConductivity: CONDUCTIVITY,
  specificHeat: SPECIFIC_HEAT,
  electricalResistivity: RESISTIVITY,
  meltingPoint: TEMPERATURE,
  boilingPoint: TEMPERATURE,
  glassTransition: TEMPERATURE,
  heatDeflection: TEMPERATURE,
  maxServiceTemperature: TEMPERATURE,
};

/** Elongation is stored as a fraction (0.22) and read as a percentage. */
const DISPLAY_ONLY: Readonly<Record<string, readonly RangeUnit[]>> = {
  elongation: [{ symbol: '%', factor: 0.01 }],
};

/** The unit groups the comparison switches as one (every stress in MPa, or every one in ksi). */
export type UnitGroup = 'stress' | 'modulus' | 'density' | 'temperature';

export const UNIT_GROUPS: Readonly<Record<UnitGroup, readonly RangeUnit[]>> = {
  stress: STRESS,
  modulus: MODULUS,
  density: DENSITY,
  temperature: TEMPERATURE,
};

/** The group a property's unit is switched with, if any. */
export function unitGroupOf(key: string): UnitGroup | undefined {
  const units = MAT_RANGE_UNITS[key];
  if (units === STRESS) return 'stress';
  if (units === MODULUS) return 'modulus';
  if (units === DENSITY) return 'density';
  if (units === TEMPERATURE) return 'temperature';
  return undefined;
}

/** The units a property is shown in, the default first; none for a plain number. */
export function displayUnits(key: string): readonly RangeUnit[] {
  return MAT_RANGE_UNITS[key] ?? DISPLAY_ONLY[key] ?? [];
}

/** A canonical value in `unit` (the inverse of the range conversion). */
export function fromCanonical(value: number, unit: RangeUnit | undefined): number {
  if (!unit) return value;
  return (value - (unit.offset ?? 0)) / unit.factor;
}

/** A number with four significant digits at most, without trailing zeros (210, 0.3, 7.93). */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-3) return Number(value.toPrecision(3)).toExponential().replace('e+', 'e');
  return String(Number(value.toPrecision(4)));
}

/** The properties' sort order: known keys by {@link PROPERTY_ORDER}, the rest after them as given. */
export function propertyRank(key: string): number {
  const index = (PROPERTY_ORDER as readonly string[]).indexOf(key);
  return index === -1 ? PROPERTY_ORDER.length : index;
}
