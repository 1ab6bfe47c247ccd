/** The selection routes' shapes (docs/materials.md, "Selection and CAE export"); values in SI. */

export type PropertyKey =
  | 'density'
  | 'youngsModulus'
  | 'shearModulus'
  | 'poissonRatio'
  | 'yieldStrength'
  | 'tensileStrength'
  | 'elongation'
  | 'hardnessBrinell'
  | 'thermalExpansion'
  | 'thermalConductivity'
  | 'specificHeat'
  | 'electricalResistivity'
  | 'meltingPoint'
  | 'glassTransition'
  | 'cost';

export type IndexKey =
  'specificStiffness' | 'stiffBeam' | 'stiffPanel' | 'specificStrength' | 'strongBeam' | 'strongPanel' | 'densityCost' | 'cheapStiffBeam' | 'cheapStrongBeam';

export type ObjectiveInput = { kind: 'index'; index: IndexKey } | { kind: 'maximise' | 'minimise'; property: PropertyKey };

export interface ConstraintInput {
  property: PropertyKey;
  /** SI number of the contract (K for temperatures). */
  min?: number;
  max?: number;
}

export interface RecommendRequest {
  constraints: ConstraintInput[];
  objective: ObjectiveInput;
  families: string[];
  chart?: { x: PropertyKey; y: PropertyKey };
  limit?: number;
}

export interface CheckView {
  property: PropertyKey;
  fit: 'met' | 'possiblyMet';
  margin: number;
}

export interface RankedMaterial {
  rank: number;
  id: number;
  code: string;
  name: string;
  designation: string;
  grade?: string | null;
  standard?: string | null;
  family?: string | null;
  familyName?: string | null;
  familyNameEn?: string | null;
  value: { min: number; max: number; typical: number; guaranteed: number };
  fit: 'met' | 'possiblyMet';
  limiting?: CheckView | null;
  checks: CheckView[];
}

export interface ChartBox {
  id: number;
  label: string;
  family?: string | null;
  rank?: number | null;
  x: [number, number];
  y: [number, number];
}

export interface ChartEnvelope {
  family: string;
  name: string;
  nameEn: string;
  points: [number, number][];
}

export interface ChartView {
  x: PropertyKey;
  y: PropertyKey;
  boxes: ChartBox[];
  envelopes: ChartEnvelope[];
  line?: { index: IndexKey; slope: number; through: [number, number]; points: [[number, number], [number, number]] } | null;
  notPlotted: number;
}

export interface Recommendation {
  objective: { kind: string; index?: IndexKey | null; property?: PropertyKey | null; formula: string; goal: 'maximise' | 'minimise' };
  total: number;
  matched: number;
  results: RankedMaterial[];
  excluded: { reason: 'family' | 'constraint' | 'missing'; property?: PropertyKey | null; count: number }[];
  chart: ChartView;
}

export interface ParsedQuery {
  families: { code: string; name: string; nameEn: string }[];
  familiesFromConditions: boolean;
  constraints: { property: PropertyKey; min?: number | null; max?: number | null; unit: string }[];
  conditions: { condition: string; suggestedFamilies: string[] }[];
  objective: Recommendation['objective'];
  objectiveParsed: boolean;
  unparsed: string[];
}

export interface ChatRecommendation {
  query: ParsedQuery;
  recommendation: Recommendation;
}
