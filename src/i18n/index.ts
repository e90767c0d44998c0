import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { TranslationBackend } from './backend';
import { loResources, NAMESPACES } from './resources';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, LANGUAGE_TAGS, isLanguage, type Language } from '../contract/languages';

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

let loaded: Promise<unknown> = Promise.resolve();

/** Starts i18next with the stored language (localStorage i18nextLng, default lo) and keeps it stored. */
export function initI18n(language: Language = storedLanguage()) {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', (lng) => {
      if (!isLanguage(lng)) return;
      // moment and its four locales are not needed to draw the first page: they follow in their own chunk.
      void import(/* webpackChunkName: "moment" */ './momentLocale').then(({ applyMomentLocale }) => applyMomentLocale(lng));
      try {
        globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lng);
      } catch {
        // Private mode may refuse storage; the choice still holds for this visit.
      }
      globalThis.document?.documentElement.setAttribute('lang', LANGUAGE_TAGS[lng]);
    });
    loaded = i18n
      .use(TranslationBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        ns: [...NAMESPACES],
        defaultNS: 'common',
        resources: { lo: loResources },
        partialBundledLanguages: true,
        backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  }
  return i18n;
}

/**
 * Settles once the starting language's translations are in (at once for the bundled Lao), so a
 * player who chose another language never sees a page in Lao first.
 */
export function translationsLoaded(): Promise<unknown> {
  return loaded;
}

export { i18n };
