import { useTranslation } from 'react-i18next';
import type { Bank } from '../../../contract/banks';
import { isLanguage, DEFAULT_LANGUAGE } from '../../../contract/languages';

/** A bank's name in the interface language. */
export function useBankName() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (bank: Bank) => bank.names[language];
}
