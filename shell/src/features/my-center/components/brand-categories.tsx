import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLibraryKey, LIBRARIES, type LibraryKey } from '@portal/providers';
import { useCategoryTrees, type CategoryNode } from '../../brand-entry/api/category-options';
import type { BrandPage } from '../api/my-brands';

function nameOf(nodes: CategoryNode[] | undefined, code: string, english: boolean): string | undefined {
  for (const node of nodes ?? []) {
    if (node.code === code) return english && node.nameEn ? node.nameEn : node.name;
    const found = nameOf(node.children, code, english);
    if (found) return found;
  }
  return undefined;
}

const ALL: readonly LibraryKey[] = ['part', 'component', 'mat'];

/** The brand's categories by name (the libraries' category trees), the code when a tree lacks it. */
export function BrandCategories({ categories }: { categories: BrandPage['categories'] }) {
  const { t, i18n } = useTranslation();
  const trees = useCategoryTrees(ALL);
  const english = i18n.language.startsWith('en');
  return (
    <Space wrap data-testid="brand-categories">
      {categories.map((category) => {
        // The API types `library` as any string: a library this front end does not know shows its key.
        const known = isLibraryKey(category.library) ? category.library : undefined;
        const tree = known ? trees[ALL.indexOf(known)]?.data : undefined;
        const library = known ? t(LIBRARIES[known].titleKey) : category.library;
        return (
          <Tag key={`${category.library}:${category.code}`} color="blue">
            {library} · {nameOf(tree, category.code, english) ?? category.code}
          </Tag>
        );
      })}
    </Space>
  );
}
