import { useState } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIBRARIES, useSession } from '@portal/providers';
import { hasPermission } from '@portal/session';
import { CATALOG_LIBRARIES, catalogPermission, type CatalogLibrary } from '../api/catalog-items-admin';

/**
 * The libraries whose catalogue the user manages (`<library>:catalog:manage`) and the one chosen, the first by
 * default. The pages' gate lets in holders of at least one.
 */
export function useCatalogLibrary() {
  const permissions = useSession((state) => state.permissions);
  const libraries = CATALOG_LIBRARIES.filter((candidate) => hasPermission(permissions, catalogPermission(candidate)));
  const [chosen, setChosen] = useState<CatalogLibrary>(libraries[0]);
  // A permission lost meanwhile falls back to a library still held.
  const library = libraries.includes(chosen) ? chosen : libraries[0];
  return { libraries, library, setLibrary: setChosen };
}

/** 元器件库 / 零部件库 / 材料库, of the libraries held (`catalog-library-<key>` for the tests). */
export function CatalogLibrarySwitch({
  libraries,
  library,
  onChange,
}: {
  libraries: CatalogLibrary[];
  library: CatalogLibrary;
  onChange: (library: CatalogLibrary) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Segmented<CatalogLibrary>
      value={library}
      onChange={onChange}
      options={libraries.map((key) => ({ value: key, label: <span data-testid={`catalog-library-${key}`}>{t(LIBRARIES[key].titleKey)}</span> }))}
      style={{ marginBottom: 16 }}
      data-testid="catalog-library"
    />
  );
}
