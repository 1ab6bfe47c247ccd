import type { IndexKey, PropertyKey } from './types';

/** A display unit: value_SI = value × factor + offset. */
export interface DisplayUnit {
  unit: string;
  factor: number;
  offset?: number;
}

/** Per property, the units the form offers; the first is the default. SI as the API's contract. */
export const PROPERTY_UNITS: Record<PropertyKey, readonly DisplayUnit[]> = {
  density: [
    { unit: 'g/cm³', factor: 1000 },
    { unit: 'kg/m³', factor: 1 },
  ],
  youngsModulus: [
    { unit: 'GPa', factor: 1e9 },
    { unit: 'MPa', factor: 1e6 },
  ],
  shearModulus: [
    { unit: 'GPa', factor: 1e9 },
    { unit: 'MPa', factor: 1e6 },
  ],
  poissonRatio: [{ unit: '', factor: 1 }],
  yieldStrength: [
    { unit: 'MPa', factor: 1e6 },
    { unit: 'GPa', factor: 1e9 },
    { unit: 'ksi', factor: 6.894757293168361e6 },
  ],
  tensileStrength: [
    { unit: 'MPa', factor: 1e6 },
    { unit: 'GPa', factor: 1e9 },
    { unit: 'ksi', factor: 6.894757293168361e6 },
  ],
  elongation: [
    { unit: '%', factor: 0.01 },
    { unit: '', factor: 1 },
  ],
  hardnessBrinell: [{ unit: 'HB', factor: 1 }],
  thermalExpansion: [
    { unit: 'µm/(m·K)', factor: 1e-6 },
    { unit: '1/K', factor: 1 },
  ],
  thermalConductivity: [{ unit: 'W/(m·K)', factor: 1 }],
  specificHeat: [{ unit: 'J/(kg·K)', factor: 1 }],
  electricalResistivity: [
    { unit: 'µΩ·cm', factor: 1e-8 },
    { unit: 'Ω·m', factor: 1 },
  ],
  meltingPoint: [
    { unit: '°C', factor: 1, offset: 273.15 },
    { unit: 'K', factor: 1 },
  ],
  glassTransition: [
    { unit: '°C', factor: 1, offset: 273.15 },
    { unit: 'K', factor: 1 },
  ],
  cost: [{ unit: '/kg', factor: 1 }],
};

export const PROPERTY_KEYS = Object.keys(PROPERTY_UNITS) as PropertyKey[];

/** Ashby's indices with their formulas (as mat-cae writes them). */
export const INDEX_FORMULAS: Record<IndexKey, string> = {
  specificStiffness: 'E/ρ',
  stiffBeam: 'E^1/2/ρ',
  stiffPanel: 'E^1/3/ρ',
  specificStrength: 'σf/ρ',
  strongBeam: 'σf^2/3/ρ',
  strongPanel: 'σf^1/2/ρ',
  densityCost: 'ρ·Cm',
  cheapStiffBeam: 'E^1/2/(ρ·Cm)',
  cheapStrongBeam: 'σf^2/3/(ρ·Cm)',
};

export const INDEX_KEYS = Object.keys(INDEX_FORMULAS) as IndexKey[];

export function unitOf(property: PropertyKey, unit?: string): DisplayUnit {
  const units = PROPERTY_UNITS[property];
  return units.find((candidate) => candidate.unit === unit) ?? units[0];
}

export function toSi(value: number, unit: DisplayUnit): number {
  return value * unit.factor + (unit.offset ?? 0);
}

/** Rounded to 6 significant digits, so that 3000 kg/m³ shows as 3 g/cm³, not 2.9999999. */
export function fromSi(value: number, unit: DisplayUnit): number {
  return Number(((value - (unit.offset ?? 0)) / unit.factor).toPrecision(6));
}

/** A value in the property's default unit, as text (`210 GPa`). */
export function formatSi(property: PropertyKey, value: number): string {
  const unit = unitOf(property);
  const shown = fromSi(value, unit);
  const text = Math.abs(shown) >= 1e5 || (Math.abs(shown) < 1e-3 && shown !== 0) ? shown.toExponential(2) : String(Number(shown.toPrecision(4)));
  return unit.unit ? `${text} ${unit.unit}` : text;
}
