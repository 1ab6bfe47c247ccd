import { useLibraryTranslation } from '@portal/library-ui/items';
import type { MatSchema } from '@portal/api-types';

type Condition = MatSchema<'Condition'>;
type Translate = ReturnType<typeof useLibraryTranslation>['t'];

/**
 * A property's name in the reader's language: this library's `parameterName.<key>` (the same keys
 * name the search page's range filter and sort), else the server's names.
 */
export function usePropertyName(): (property: { key: string; name?: string; nameEn?: string }) => string {
  const { t, i18n } = useLibraryTranslation();
  const english = i18n.language.startsWith('en');
  return (property) => t(`parameterName.${property.key}`, { defaultValue: (english ? property.nameEn : property.name) || property.key });
}

/** A value's condition as one line: `热处理：退火 · 温度：25 °C · 形态：顺纹`. */
export function conditionText(condition: Condition | null | undefined, t: Translate): string {
  if (!condition) return '';
  const parts: string[] = [];
  if (condition.heatTreatment) parts.push(`${t('mat.condition.heatTreatment')}${condition.heatTreatment}`);
  if (condition.temperature) parts.push(`${t('mat.condition.temperature')}${condition.temperature}`);
  if (condition.form) parts.push(`${t('mat.condition.form')}${condition.form}`);
  return parts.join(' · ');
}
