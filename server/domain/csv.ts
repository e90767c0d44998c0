const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * A CSV field: quoted when it holds a separator, quote or line break; a text starting with = + - @
 * is defused so a spreadsheet does not run it as a formula (a plain number, negative amounts too, stays a number).
 */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 text (CRLF line ends) of a header and its rows, for the agency's records and its auditors. */
export function csvOf(header: readonly string[], rows: readonly (readonly (string | number | boolean)[])[]): string {
  return [header, ...rows].map((fields) => fields.map((value) => csvField(String(value))).join(',')).join('\r\n') + '\r\n';
}
