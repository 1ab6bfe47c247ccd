import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibraryConfig } from '../config/library-config';
import { useCategoryCounts } from '../features/categories/api/get-category-counts';
import { CategoryItems } from '../features/categories/components/category-items';
import { LibraryHome, type CatalogueItems } from '@portal/library-ui';

/**
 * /{library}: the library home with its category catalogue; in a library that lists items
 * (`catalogueItems`), a leaf (or any node, on request) lists them with the search page's filters.
 * The description is the library's `home.description`.
 */
export default function HomePage() {
  const { library, i18nNamespace, catalogueItems } = useLibraryConfig();
  const { t } = useTranslation(i18nNamespace);
  const counts = useCategoryCounts();
  const items = useMemo<CatalogueItems | undefined>(
    () => (catalogueItems ? { counts: counts.data, render: (category) => <CategoryItems key={category.code} code={category.code} /> } : undefined),
    [catalogueItems, counts.data],
  );
  return <LibraryHome library={library} description={t('home.description')} items={items} />;
}
