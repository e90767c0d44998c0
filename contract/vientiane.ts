/** Vientiane keeps UTC+7 all year (no daylight saving), so its clock is UTC's shifted by 7 hours. */
export const VIENTIANE_OFFSET_MS = 7 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) in Vientiane at `now`, whatever the viewer's clock zone. */
export function vientianeDay(now: Date = new Date()): string {
  return new Date(now.getTime() + VIENTIANE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Vientiane calendar day (YYYY-MM-DD) begins, or the day `plusDays` after it begins. */
export function vientianeDayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS - VIENTIANE_OFFSET_MS);
}

const two = (value: number) => String(value).padStart(2, '0');

/** An instant as DD/MM/YYYY HH:mm on the Vientiane clock, whatever the viewer's own time zone. */
export function vientianeDateTime(instant: string | Date): string {
  const local = new Date(new Date(instant).getTime() + VIENTIANE_OFFSET_MS);
  const date = `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
  return `${date} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}
