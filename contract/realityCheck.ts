import type { Static } from 'typebox';
import type { RealityCheckSchema, RealityCheckUpdateSchema } from './realityCheckSchema';

/**
 * The reality check: every N minutes of a logged-in session the site shows how long the player has
 * been logged in and what they paid in and out since. The interval counts from the session's
 * start, so a reload does not restart it.
 */

/** The intervals a player (or the agency, for players who have not chosen) may pick; 0 is off. */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/** GET /api/v2/players/reality-check (RealityCheckSchema). */
export type RealityCheck = Static<typeof RealityCheckSchema>;

/** PUT /api/v2/players/reality-check (RealityCheckUpdateSchema). */
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
