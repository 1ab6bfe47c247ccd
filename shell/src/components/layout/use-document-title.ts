import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to `<page> - <portal name>`. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation('shell');
  const portalName = t('brand.name');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${portalName}` : portalName;
  }, [pageTitle, portalName]);
}
