export { AppProviders, type AppProvidersProps } from './app-providers';
export {
  i18n,
  registerMessages,
  changeLanguage,
  currentLanguage,
  isSupportedLanguage,
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from './i18n/i18n';
export { useSession, SessionProvider, type SessionState, type SessionStore } from './session';
export { queryClient, createPortalQueryClient } from './query-client';
export { portalTheme, portalDarkTheme, usePortalTheme, PORTAL_PRIMARY_COLOR } from './theme';
export { paths } from './paths';
export { navigateAcrossApps } from './navigation';
export { LIBRARIES, LIBRARY_KEYS, HEADER_TYPE, PLATFORM_TYPE, isLibraryKey, libraryFromPath, type LibraryKey, type LibraryMeta } from './libraries';
export { setDateLocale, getDateLocale, DEFAULT_DATE_LOCALE, type DateLocale } from './date-locale';
export { csvCell, toCsv, downloadBlob, downloadText } from './csv';
export { ApiImage, useObjectUrl } from './object-url';
