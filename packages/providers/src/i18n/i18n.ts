import i18next, { type i18n as I18nInstance } from 'i18next';
import { commonMessages } from './messages';

export const SUPPORTED_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
/** localStorage key holding the user's language choice. */
export const LANGUAGE_STORAGE_KEY = 'portal_language';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isSupportedLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames in plugin mode).
    return DEFAULT_LANGUAGE;
  }
}

function createPortalI18n(): I18nInstance {
  const instance = i18next.createInstance();
  void instance.init({
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // Keep 'zh-CN' whole instead of also looking up 'zh'.
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    resources: {
      'zh-CN': { common: commonMessages['zh-CN'] },
      'en-US': { common: commonMessages['en-US'] },
    },
    // Resources are bundled, so initialisation completes synchronously before the first render.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // No vendor advertisement in every user's console.
    showSupportNotice: false,
  });
  instance.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = instance.language;
  return instance;
}

/**
 * The one i18n instance of the page. @portal/providers is a federation singleton, so a language
 * switch in the shell re-renders every mounted remote as well.
 */
export const i18n = createPortalI18n();

/**
 * Add an application's strings under its own namespace (`registerMessages('part', {...})`).
 * Safe to call more than once (a remote mounted again): later bundles deep-merge over earlier.
 */
export function registerMessages(namespace: string, messages: Record<Language, Record<string, unknown>>): void {
  for (const language of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(language, namespace, messages[language], true, true);
  }
}

/** Switch the UI language everywhere and remember the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The switch still applies to this page when storage is unavailable.
  }
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isSupportedLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
