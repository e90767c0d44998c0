/** Interface languages: lo (default), cn, vn in the top bar; th is also offered in the drawer. */
export const LANGUAGES = ['lo', 'cn', 'vn', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'lo';
export const TOP_BAR_LANGUAGES: readonly Language[] = ['lo', 'cn', 'vn'];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Each language's own name, shown in the language pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = { lo: 'ລາວ', cn: '中文', vn: 'Tiếng Việt', th: 'ไทย' };

/** Each language's short name, in its own script, for the top bar where a phone has no room. */
export const LANGUAGE_SHORT_NAMES: Record<Language, string> = { lo: 'ລາວ', cn: '中文', vn: 'Việt', th: 'ไทย' };

/** The BCP 47 tag of each interface language, for lang attributes (cn and vn are the site's own names). */
export const LANGUAGE_TAGS: Record<Language, string> = { lo: 'lo', cn: 'zh-CN', vn: 'vi', th: 'th' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
