/** Times as the agency reads them: Vientiane's clock, whatever the operator's machine says. */
export const vientianeTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Vientiane',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
