import { Type, type Static } from 'typebox';

/**
 * The reality check: every N minutes of a logged-in session the site shows how long the player has
 * been logged in and what they paid in and out since. The interval counts from the session's
 * start, so a reload does not restart it.
 */

/** The intervals a player (or the agency, for players who have not chosen) may pick; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

export const RealityCheckMinutesSchema = Type.Union([Type.Literal(0), Type.Literal(15), Type.Literal(30), Type.Literal(60)]);

/** GET /api/v2/players/reality-check. Kip amounts are whole-kip decimal strings; net is paid in minus paid out. */
export const RealityCheckSchema = Type.Object({
  sessionStartedAt: Type.String({ format: 'date-time' }),
  minutes: RealityCheckMinutesSchema,
  /** false while the player has not chosen and the agency's default applies */
  chosen: Type.Boolean(),
  paidInKip: Type.String(),
  paidOutKip: Type.String(),
  netKip: Type.String(),
});
export type RealityCheck = Static<typeof RealityCheckSchema>;

/** PUT /api/v2/players/reality-check. */
export const RealityCheckUpdateSchema = Type.Object({ minutes: RealityCheckMinutesSchema }, { additionalProperties: false });
export type RealityCheckUpdate = Static<typeof RealityCheckUpdateSchema>;

const MINUTE_MS = 60_000;

/**
 * When the next check is due: the first whole multiple of the interval after the session's start
 * that lies after `nowMs`; null when the check is off.
 */
export function nextCheckAt(sessionStartMs: number, minutes: number, nowMs: number): number | null {
  if (minutes <= 0) return null;
  const interval = minutes * MINUTE_MS;
  const passed = Math.floor(Math.max(0, nowMs - sessionStartMs) / interval);
  return sessionStartMs + (passed + 1) * interval;
}

/** Whole minutes from the session's start to `nowMs`. */
export function minutesSince(sessionStartMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - sessionStartMs) / MINUTE_MS));
}
