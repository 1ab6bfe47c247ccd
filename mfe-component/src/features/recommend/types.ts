import type { ComponentSchema } from '@portal/api-types';

/**
 * Shapes of `GET /public/component/item/{id}/recommendations` (docs/components.md): the generated
 * OpenAPI schemas of the components service (packages/api-types).
 */
export type Recommendations = ComponentSchema<'Recommendations'>;

/** A group: `family` (同系列) or `package` (封装兼容); the wire type is any string. */
export type RecommendationGroup = ComponentSchema<'RecommendationGroup'>;

export type Recommendation = ComponentSchema<'Recommendation'>;

/** `symbolFamily`, `partNumberSeries`, `manufacturer`, `parameterDiffers`, `footprint`, `packageFamily`, `category`. */
export type RecommendationReason = ComponentSchema<'Reason'>;

/** `param:<dimension>`, `package` or `pinCount`, with the part's and the recommended part's values. */
export type RecommendationDifference = ComponentSchema<'Difference'>;
