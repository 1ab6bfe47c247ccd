import { useTranslation } from 'react-i18next';
import type { CategoryNode } from '../types';

/**
 * A category's two names: the UI language's name first, the other one secondary.
 * The Chinese name is always on screen (engineers search the page by it).
 */
/** The name in the UI language first: English in en-US (when the node has one), else Chinese. */
export function useCategoryNames() {
  const { i18n } = useTranslation();
  const englishFirst = i18n.language === 'en-US';
  return {
    primary: (node: CategoryNode) => (englishFirst && node.nameEn ? node.nameEn : node.name),
    secondary: (node: CategoryNode) => (englishFirst && node.nameEn ? node.name : node.nameEn),
  };
}

export function CategoryName({ node, className }: { node: CategoryNode; className?: string }) {
  const names = useCategoryNames();
  const primary = names.primary(node);
  const secondary = names.secondary(node);
  return (
    <span className={['lib-category-name', className].filter(Boolean).join(' ')}>
      <span className="lib-category-name__primary">{primary}</span>
      {secondary && secondary !== primary ? <span className="lib-category-name__secondary">{secondary}</span> : null}
    </span>
  );
}
