import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { TranslationBackend } from './backend';
import { NAMESPACES } from './namespaces';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, LANGUAGE_TAGS, isLanguage, type Language } from '../../contract/languages';

/** The language this browser chose before (localStorage i18nextLng), if it chose one. */
export function chosenLanguage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** i18next's options of the site, in the browser and in the server's renderer alike. */
export function i18nOptions(language: Language, resources: Resource) {
  return {
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly' as const,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources,
    partialBundledLanguages: true,
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  };
}

let loaded: Promise<unknown> = Promise.resolve();

/** The language chosen, stored for the next visit and the server's next page. */
function keepLanguage(language: Language) {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the choice still holds for this visit.
  }
  if (globalThis.document) {
    globalThis.document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
    globalThis.document.documentElement.setAttribute('lang', LANGUAGE_TAGS[language]);
  }
}

/**
 * Starts i18next with a language (by default the one this browser chose before, else Lao) and keeps
 * the choice stored, in localStorage and in a cookie the server renders the next page by.
 * translations are the namespaces the server's page came with; whatever else the site needs loads
 * through the backend.
 */
export function initI18n(language: Language = chosenLanguage() ?? DEFAULT_LANGUAGE, translations?: ResourceLanguage) {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', (lng) => {
      if (!isLanguage(lng)) return;
      // Storing the choice takes a phone tens of milliseconds: it runs after the task that set the
      // language up (at start, the one that begins hydrating).
      setTimeout(() => keepLanguage(lng));
    });
    const options = i18nOptions(language, translations ? { [language]: translations } : {});
    loaded = i18n
      .use(TranslationBackend)
      .use(initReactI18next)
      // The page's own namespaces are in; any other loads when a page first asks for it.
      .init(translations ? { ...options, ns: Object.keys(translations) } : options);
  }
  return i18n;
}

/**
 * Settles once the starting language's translations are in, so a player who chose another
 * language never sees a page in Lao first.
 */
export function translationsLoaded(): Promise<unknown> {
  return loaded;
}

export { i18n };
