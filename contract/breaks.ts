import { Type, type Static } from 'typebox';
import { object, string } from 'yup';
import { VIENTIANE_OFFSET_MS } from './vientiane';

/**
 * A player's break from play (issue 17, responsible play): a time-out of 24 hours, 7 or 30 days, or a
 * self-exclusion of 6 months, 1 year or for good. While one runs the player may log in, see balances
 * and withdraw, but nothing that starts play. Nobody ends one early.
 */
export const BREAK_KINDS = ['TIME_OUT', 'SELF_EXCLUSION'] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

export const BREAK_DURATIONS = {
  TIME_OUT: ['HOURS_24', 'DAYS_7', 'DAYS_30'],
  SELF_EXCLUSION: ['MONTHS_6', 'YEAR_1', 'FOR_GOOD'],
} as const;
export type BreakDuration = (typeof BREAK_DURATIONS)[BreakKind][number];

const HOUR = 3_600_000;

/** Calendar months on Vientiane's calendar; the 31st of a shorter month is its last day. */
function addVientianeMonths(start: Date, months: number): Date {
  const local = new Date(start.getTime() + VIENTIANE_OFFSET_MS);
  const day = local.getUTCDate();
  local.setUTCDate(1);
  local.setUTCMonth(local.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  local.setUTCDate(Math.min(day, lastDay));
  return new Date(local.getTime() - VIENTIANE_OFFSET_MS);
}

/** When a break taken at `start` ends; null for a self-exclusion for good. */
export function breakEnd(start: Date, duration: BreakDuration): Date | null {
  switch (duration) {
    case 'HOURS_24':
      return new Date(start.getTime() + 24 * HOUR);
    case 'DAYS_7':
      return new Date(start.getTime() + 7 * 24 * HOUR);
    case 'DAYS_30':
      return new Date(start.getTime() + 30 * 24 * HOUR);
    case 'MONTHS_6':
      return addVientianeMonths(start, 6);
    case 'YEAR_1':
      return addVientianeMonths(start, 12);
    case 'FOR_GOOD':
      return null;
  }
}

/** Whether the duration is one of the kind's (a time-out is never for good). */
export function isDurationOf(kind: BreakKind, duration: BreakDuration): boolean {
  return (BREAK_DURATIONS[kind] as readonly string[]).includes(duration);
}

/** An instant as Vientiane's wall clock, DD/MM/YYYY HH:mm (the player pages' name for it). */
export { vientianeDateTime as formatVientianeDateTime } from './vientiane';

export const BreakKindSchema = Type.Union([Type.Literal('TIME_OUT'), Type.Literal('SELF_EXCLUSION')]);
export const BreakDurationSchema = Type.Union([
  Type.Literal('HOURS_24'),
  Type.Literal('DAYS_7'),
  Type.Literal('DAYS_30'),
  Type.Literal('MONTHS_6'),
  Type.Literal('YEAR_1'),
  Type.Literal('FOR_GOOD'),
]);

/** A break as the player and the operators see it: endsAt null only for a self-exclusion for good. */
export const BreakSchema = Type.Object({
  kind: BreakKindSchema,
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Break = Static<typeof BreakSchema>;

/** GET /v2/players/exclusion: the break running now, or null. */
export const RunningBreakSchema = Type.Object({ exclusion: Type.Union([BreakSchema, Type.Null()]) });
export type RunningBreak = Static<typeof RunningBreakSchema>;

/** POST /v2/players/exclusions (with an Idempotency-Key header); a duration must be one of its kind's. */
export const TakeBreakBodySchema = Type.Object({ kind: BreakKindSchema, duration: BreakDurationSchema }, { additionalProperties: false });
export type TakeBreakBody = Static<typeof TakeBreakBodySchema>;

export const BreakTakenSchema = Type.Object({ exclusion: BreakSchema });
export type BreakTaken = Static<typeof BreakTakenSchema>;

/** The params of a PLAYER_EXCLUDED refusal: which break, and its end (null for good). */
export interface ExcludedParams {
  kind: BreakKind;
  until: string | null;
}

/** The break page's choice: a kind, and one of that kind's durations. Messages are keys of the exclusion namespace. */
export const breakFormSchema = object({
  kind: string().required('validation.kind').oneOf(BREAK_KINDS, 'validation.kind'),
  duration: string()
    .required('validation.duration')
    .test('of-kind', 'validation.duration', (duration, { parent }) => {
      const { kind } = parent as { kind?: string };
      return BREAK_KINDS.some((known) => known === kind && (BREAK_DURATIONS[known] as readonly string[]).includes(duration));
    }),
});
