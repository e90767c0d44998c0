/** Times as the agency reads them: Vientiane's clock, whatever the operator's machine says. */
export const vientianeTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Vientiane',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO time at Vientiane's clock; a time that is not there (never happened) shows as a dash. */
export const atVientiane = (iso: string | null) => (iso === null ? '–' : vientianeTime.format(new Date(iso)));
