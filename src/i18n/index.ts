import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import HttpBackend from 'i18next-http-backend';
import { builtInResources, NAMESPACES } from './resources';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, LANGUAGE_TAGS, isLanguage, type Language } from '../contract/languages';

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

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
    void i18n
      .use(HttpBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        ns: [...NAMESPACES],
        defaultNS: 'common',
        resources: builtInResources,
        partialBundledLanguages: true,
        backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  }
  return i18n;
}

export { i18n };
