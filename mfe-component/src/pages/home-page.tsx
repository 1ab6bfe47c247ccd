import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LibraryHome, type CatalogueItems } from '@portal/library-ui';
import { I18N_NAMESPACE } from '../i18n';
import { useCategoryCounts } from '../features/categories/api/get-category-counts';
import { CategoryItems } from '../features/categories/components/category-items';

/** /component: the library home with its category catalogue; a leaf (or any node, on request) lists its components. */
export function HomePage() {
  const { t } = useTranslation(I18N_NAMESPACE);
  const counts = useCategoryCounts();
  const items = useMemo<CatalogueItems>(
    () => ({ counts: counts.data, render: (category) => <CategoryItems key={category.code} code={category.code} /> }),
    [counts.data],
  );
  return <LibraryHome library="component" description={t('home.description')} items={items} />;
}
