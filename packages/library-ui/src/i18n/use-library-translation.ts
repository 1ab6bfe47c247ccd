import { useTranslation } from 'react-i18next';
import { i18n } from '@portal/providers';
import { useLibraryConfig } from '../config/library-config';
import { LIBRARY_NAMESPACE } from '@portal/library-ui';
import './item-messages';

/**
 * `t` of a shared item page: a key is looked up in the library's own namespace first, then in the
 * generic `library` namespace, so a library words a text its own way by defining the same key. A
 * namespace that was never registered is left out (react-i18next would otherwise show bare keys).
 */
export function useLibraryTranslation() {
  const { i18nNamespace } = useLibraryConfig();
  const own = i18n.hasResourceBundle(i18n.language, i18nNamespace) ? [i18nNamespace] : [];
  // nsMode 'fallback': without it react-i18next's `t` reads the first namespace only.
  return useTranslation([...own, LIBRARY_NAMESPACE], { nsMode: 'fallback' });
}
