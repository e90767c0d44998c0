import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import lo from '../../public/locales/lo/admin.json';
import th from '../../public/locales/th/admin.json';
import en from '../../public/locales/en/admin.json';

/** The console's languages: Lao by default, Thai and English for operators from across the river or abroad. */
export const ADMIN_LANGUAGES = ['lo', 'th', 'en'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export const ADMIN_LANGUAGE_NAMES: Record<AdminLanguage, string> = { lo: 'ລາວ', th: 'ไทย', en: 'English' };
// Its own key: an operator's choice on a shared machine does not change the players' site language.
const STORAGE_KEY = 'champaAdminLng';

function storedLanguage(): AdminLanguage {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return (ADMIN_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as AdminLanguage) : 'lo';
  } catch {
    return 'lo';
  }
}

/**
 * The console's own i18next instance with its one namespace, admin; the texts (public/locales/<lng>/admin.json)
 * are bundled into the console's chunk, so the players' site never loads them.
 */
export function initAdminI18n(language: AdminLanguage = storedLanguage()): I18n {
  const i18n = createInstance();
  i18n.on('languageChanged', (lng) => {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, lng);
    } catch {
      // Private mode may refuse storage; the choice still holds for this visit.
    }
    globalThis.document?.documentElement.setAttribute('lang', lng);
  });
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'lo',
    supportedLngs: [...ADMIN_LANGUAGES],
    ns: ['admin'],
    defaultNS: 'admin',
    resources: { lo: { admin: lo }, th: { admin: th }, en: { admin: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
