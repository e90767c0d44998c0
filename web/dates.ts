import moment from 'moment';

// Apart from the amounts of contract/format.ts: only the pages that show dates load moment. Its
// formats are numbers only, the same in every language of the site, so moment keeps its own locale
// and none of the languages' locales is loaded.

/** What a missing date shows: the API's zero date 0001-01-01 and anything unreadable. */
export const NO_DATE = 'N/A';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const DATE_FORMAT = 'DD/MM/YYYY';

function displayDate(value: string | Date | null | undefined, format: string): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  if (typeof value === 'string' && value.startsWith('0001-01-01')) return NO_DATE;
  const date = moment(value, moment.ISO_8601, true);
  return date.isValid() && date.year() > 1 ? date.format(format) : NO_DATE;
}

/** A date and time in the viewer's time zone as DD/MM/YYYY HH:mm:ss; the zero date shows N/A. */
export function formatDateTime(value: string | Date | null | undefined): string {
  return displayDate(value, DATE_TIME_FORMAT);
}

/** A date alone as DD/MM/YYYY; the zero date shows N/A. */
export function formatDate(value: string | Date | null | undefined): string {
  return displayDate(value, DATE_FORMAT);
}
