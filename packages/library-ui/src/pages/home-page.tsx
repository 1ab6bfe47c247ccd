import { lazy, Suspense, useMemo } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLibraryConfig } from '../config/library-config';
import { useCategoryCounts } from '../features/categories/api/get-category-counts';
import { LibraryHome, type CatalogueItems } from '@portal/library-ui';

// A category's item list (the search page's table, filters and facets) is its own chunk: the catalogue
// shows first and most visits never open a list (issue 13, first-load weight).
const CategoryItems = lazy(() =>
  import(/* webpackChunkName: "library-category-items" */ '../features/categories/components/category-items').then((module) => ({
    default: module.CategoryItems,
  })),
);

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
    () =>
      catalogueItems
        ? {
            counts: counts.data,
            render: (category) => (
              <Suspense fallback={<Skeleton active data-testid="category-items-loading" />}>
                <CategoryItems key={category.code} code={category.code} />
              </Suspense>
            ),
          }
        : undefined,
    [catalogueItems, counts.data],
  );
  return <LibraryHome library={library} description={t('home.description')} items={items} />;
}
