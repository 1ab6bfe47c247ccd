import type { ItemParameter, ItemSummary } from '@portal/library-ui/items';

/** Shapes of `GET /public/component/item/{id}/recommendations` (docs/components.md). */
export interface RecommendationReason {
  /** `symbolFamily`, `partNumberSeries`, `manufacturer`, `parameterDiffers`, `footprint`, `packageFamily`, `category`. */
  kind: string;
  zh: string;
  en: string;
}

export interface RecommendationDifference {
  /** `param:<dimension>`, `package` or `pinCount`. */
  key: string;
  label: string;
  labelEn: string;
  thisValue: string;
  otherValue: string;
}

export interface Recommendation {
  component: ItemSummary;
  parameters: ItemParameter[];
  score: number;
  reasons: RecommendationReason[];
  reason: string;
  reasonEn: string;
  differences: RecommendationDifference[];
}

export type RecommendationGroupKey = 'family' | 'package';

export interface RecommendationGroup {
  key: RecommendationGroupKey | string;
  label: string;
  labelEn: string;
  items: Recommendation[];
}

export interface Recommendations {
  component: ItemSummary;
  parameters: ItemParameter[];
  groups: RecommendationGroup[];
}
