/** A CSV field: quoted when it holds a separator, quote or line break; a leading = + - @ is defused so a spreadsheet does not run it. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 text (CRLF line ends) of a header and its rows, for the agency's records and its auditors. */
export function csvOf(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n';
}
