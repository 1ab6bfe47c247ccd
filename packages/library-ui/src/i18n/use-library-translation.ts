import { useTranslation } from 'react-i18next';
import { useLibraryConfig } from '../config/library-config';
import { LIBRARY_NAMESPACE } from './messages';
import './item-messages';

/**
 * `t` of a shared item page: a key is looked up in the library's own namespace first, then in the
 * generic `library` namespace, so a library words a text its own way by defining the same key.
 */
export function useLibraryTranslation() {
  const { i18nNamespace } = useLibraryConfig();
  return useTranslation([i18nNamespace, LIBRARY_NAMESPACE]);
}
