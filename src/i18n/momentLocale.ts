import moment from 'moment';
import 'moment/locale/lo';
import 'moment/locale/zh-cn';
import 'moment/locale/vi';
import 'moment/locale/th';
import { MOMENT_LOCALE, type Language } from '../contract/languages';

/** Dates are shown in the moment locale of the site's language. */
export function applyMomentLocale(language: Language): void {
  moment.locale(MOMENT_LOCALE[language]);
}
