import { VIENTIANE_OFFSET_MS } from '../../contract/vientiane';

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

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** An instant as a date-and-time field shows it at Vientiane's clock, like 2026-12-01T00:00. */
export const vientianeLocal = (at: Date) => new Date(at.getTime() + VIENTIANE_OFFSET_MS).toISOString().slice(0, 16);

/** What was typed in such a field, as the ISO instant it means in Vientiane; anything else as typed, for the rule to name. */
export const instantAtVientiane = (typed: string) => (LOCAL_MINUTE.test(typed) ? new Date(`${typed}:00+07:00`).toISOString() : typed);
