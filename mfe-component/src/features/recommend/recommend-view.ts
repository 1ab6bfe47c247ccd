import type { ItemParameter } from '@portal/library-ui/items';
import type { Recommendation, RecommendationDifference, RecommendationGroup } from './types';

/** The groups the page always shows, in this order (the API answers both; absent ones show as empty). */
export const GROUP_KEYS = ['family', 'package'] as const;

export function orderedGroups(groups: RecommendationGroup[]): RecommendationGroup[] {
  return GROUP_KEYS.map((key) => groups.find((group) => group.key === key) ?? { key, label: key, labelEn: key, items: [] });
}

/** Up to `max` key parameters, one per dimension, in the API's order: `电压 3.3V · 电流 1A`. */
export function keyParameters(parameters: ItemParameter[], english: boolean, max = 3): string {
  const seen = new Set<string>();
  const shown: string[] = [];
  for (const parameter of parameters) {
    if (seen.has(parameter.dimension) || shown.length >= max) continue;
    seen.add(parameter.dimension);
    shown.push(`${english ? parameter.nameEn : parameter.name} ${parameter.display}`);
  }
  return shown.join(' · ');
}

/**
 * Why the part is recommended, in the reader's language; differing parameters are left out because the
 * differences column shows them.
 */
export function reasonsOf(recommendation: Recommendation, english: boolean): string[] {
  return recommendation.reasons.filter((reason) => reason.kind !== 'parameterDiffers').map((reason) => (english ? reason.en : reason.zh));
}

/** A difference as `电压 3.3V → 5V` (this part → the recommended one). */
export function differenceText(difference: RecommendationDifference, english: boolean): string {
  return `${english ? difference.labelEn : difference.label} ${difference.thisValue} → ${difference.otherValue}`;
}
